import { randomBytes } from 'node:crypto'
import { waitFor } from '@agora/test-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { apiClient } from '../faults/client'
import { noteSkippedOnPglite, TEST_DB } from '../harness'
import { useTwoServers } from '../multi/two-servers'
import { openStream } from './sse-client'

/**
 * Two real server processes on one PostgreSQL database: a comment written through one
 * reaches the event streams held by the other — the author's notifications and the post's
 * comments — through LISTEN/NOTIFY, not an in-memory bus.
 */
noteSkippedOnPglite(
  'Cross-process live test skipped: it needs TEST_DB=postgres (the embedded database lives inside one process)',
)

describe.runIf(TEST_DB === 'postgres')('live news across server processes', () => {
  const servers = useTwoServers('agora-live-', { ANALYSIS_WORKERS: '0' })
  const streams: { source: { close(): void } }[] = []

  afterAll(() => {
    for (const stream of streams) stream.source.close()
  })

  it('a comment through one process reaches the streams held by the other', async () => {
    const a = apiClient(servers.first.url)
    const ada = await a.register(`ada_${randomBytes(3).toString('hex')}`)
    const bob = await a.register(`bob_${randomBytes(3).toString('hex')}`)
    const { postId } = await a.upload(ada, 'Lichen', 'Growth: 2 mm a year')

    const notices = openStream(
      `${servers.second.url}/api/v1/notifications/stream`,
      ['unread', 'notification'],
      ada.headers,
    )
    const comments = openStream(`${servers.second.url}/api/v1/comments/post/${postId}/stream`, ['comment'])
    streams.push(notices, comments)
    await waitFor(
      () => notices.of('unread').length === 1 && comments.source.readyState === 1,
      'both streams open on the second process',
      30_000,
    )

    const written = await a.comment(bob, postId, 'Which substrate?')
    await waitFor(() => comments.of('comment').length === 1, "the post's stream on the other process", 15_000)
    expect(comments.of('comment')[0].data).toEqual({ _id: written._id, postId, parentId: null })
    await waitFor(() => notices.of('notification').length === 1, "ada's stream on the other process", 15_000)
    expect(notices.of('notification')[0].data).toMatchObject({
      kind: 'comment',
      comment_id: written._id,
      actor: { username: bob.username },
    })
    await waitFor(() => notices.of('unread').length === 2, 'the new unread count', 15_000)
    expect(notices.of('unread')[1].data).toEqual({ unread: 1 })
  }, 90_000)
})
