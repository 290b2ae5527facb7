import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../faults/client'
import { type ServerProcess, startServer } from '../faults/server-process'
import { createScratchPostgres, TEST_DB } from '../harness'
import { SHARED_CHAIN } from '../multi/shared-env'
import { openStream } from './sse-client'

/**
 * Two real server processes on one PostgreSQL database (issue 18): a comment written through one
 * reaches the event streams held by the other — the author's notifications and the post's
 * comments — through LISTEN/NOTIFY, not an in-memory bus.
 */
if (TEST_DB !== 'postgres') {
  console.info(
    'Cross-process live test skipped: it needs TEST_DB=postgres (the embedded database lives inside one process)',
  )
}

describe.runIf(TEST_DB === 'postgres')('live news across server processes', () => {
  const temp = mkdtempSync(join(tmpdir(), 'agora-live-'))
  let scratch: { url: string; drop(): Promise<void> }
  let first: ServerProcess
  let second: ServerProcess
  const streams: { source: { close(): void } }[] = []

  beforeAll(async () => {
    scratch = await createScratchPostgres()
    // One secret for both: a session made on one is good on the other, as behind a load balancer.
    const secret = randomBytes(32).toString('hex')
    // One DATA_DIR (its blob folder) and one chain for both, as several processes must share them
    // (README, "Running several processes"): a process with a blob folder of its own refuses to start.
    const env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: join(temp, 'shared'),
      JWT_SECRET: secret,
      ANALYSIS_WORKERS: '0',
      ...SHARED_CHAIN,
    }
    // The first migrates the database; the second finds it ready.
    first = await startServer(env)
    second = await startServer(env)
  }, 180_000)

  afterAll(async () => {
    for (const stream of streams) stream.source.close()
    await Promise.all([first?.stop(), second?.stop()])
    await scratch?.drop()
    rmSync(temp, { recursive: true, force: true })
  }, 60_000)

  it('a comment through one process reaches the streams held by the other', async () => {
    const a = apiClient(first.url)
    const ada = await a.register(`ada_${randomBytes(3).toString('hex')}`)
    const bob = await a.register(`bob_${randomBytes(3).toString('hex')}`)
    const { postId } = await a.upload(ada, 'Lichen', 'Growth: 2 mm a year')

    const notices = openStream(
      `${second.url}/api/v1/notifications/stream`,
      ['unread', 'notification'],
      ada.headers,
    )
    const comments = openStream(`${second.url}/api/v1/comments/post/${postId}/stream`, ['comment'])
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
