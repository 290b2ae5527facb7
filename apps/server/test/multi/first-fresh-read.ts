import { waitFor } from '@agora/test-kit'

/**
 * Polls `read` (every `pollMs`, for 5 s at most) until it sees a write, and answers when the first
 * read that saw it was sent: the write was visible to the other side by then. How long that read
 * itself took (a query, on a machine busy with other tests) is not how late the other side
 * learnt of the write, so it is not counted against the 100 ms.
 */
export async function firstFreshReadAt(
  read: () => Promise<boolean>,
  what: string,
  pollMs = 5,
): Promise<number> {
  let sentAt = 0
  await waitFor(
    async () => {
      const sent = Date.now()
      const fresh = await read()
      if (fresh) sentAt = sent
      return fresh
    },
    what,
    5_000,
    pollMs,
  )
  return sentAt
}
