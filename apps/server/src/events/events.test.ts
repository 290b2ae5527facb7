import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiLikePost, dbMakePost, makeUser, sendLikePost, sendTo } from '../../test/factories'
import { createTestApp, type TestApp } from '../../test/harness'
import type { Db } from '../db/index'
import type { DomainEvents } from './events'
import { outboxStore } from './outbox.store'
import { outboxWorker } from './outbox.worker'

// Domain events over the real app and database: what subscribers see of a contribution, the
// transaction they share with it, and the durable outbox's deliveries, retries and fencing.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(() => t.reset())

const follow = (target: string): DomainEvents['follow'] => ({
  followerId: '0193a000-0000-7000-8000-000000000001',
  kind: 'tag',
  target,
})

/** A bus of its own over the test database, so a test's subscribers don't outlive it. */
async function freshBus() {
  const { createEventBus } = await import('./bus')
  return createEventBus()
}

describe('transactional subscribers', () => {
  it('see each like that changed something once, and nothing for likes that changed nothing', async () => {
    const given: DomainEvents['like.given'][] = []
    const withdrawn: DomainEvents['like.withdrawn'][] = []
    t.app.ctx.events.inTransaction('like.given', async (_trx, likes) => void given.push(...likes))
    t.app.ctx.events.inTransaction('like.withdrawn', async (_trx, likes) => void withdrawn.push(...likes))
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const postId = await dbMakePost(t, ada)

    // The same like asked three times in one turn, then again: one change, one event.
    const answers = await Promise.all([1, 2, 3].map(() => sendLikePost(t, bo, postId, 'like')))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    await apiLikePost(t, bo, postId, 'like')
    expect(given).toEqual([{ kind: 'post', targetId: postId, postId, authorId: ada.id, likerId: bo.id }])

    await apiLikePost(t, bo, postId, 'unlike')
    await apiLikePost(t, bo, postId, 'unlike')
    expect(withdrawn).toEqual([{ kind: 'post', targetId: postId, postId, authorId: ada.id, likerId: bo.id }])
  })

  it('stand or fall with the action: a failing subscriber leaves no like, counter or reward', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const postId = await dbMakePost(t, ada)
    const bus = t.app.ctx.events
    let fail = true
    bus.inTransaction('like.given', async () => {
      if (fail) throw new Error('subscriber failed')
    })
    const refused = await sendLikePost(t, bo, postId, 'like')
    expect(refused.statusCode).toBe(500)
    const likes = await t.database.db.selectFrom('post_likes').selectAll().execute()
    const post = await t.database.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
    expect(likes).toEqual([])
    expect(post.likes_count).toBe(0)
    fail = false
    expect((await apiLikePost(t, bo, postId, 'like')).likes).toBe(1)
  })
})

describe('the durable outbox', () => {
  it('queues a delivery per durable subscriber in the raising transaction, and none when it rolls back', async () => {
    const bus = await freshBus()
    bus.durable('follow', 'first', async () => {})
    bus.durable('follow', 'second', async () => {})
    const db = t.database.db
    await db.transaction().execute((trx) => bus.raise(trx, 'follow', [follow('optics')]))
    await expect(
      db.transaction().execute(async (trx) => {
        await bus.raise(trx, 'follow', [follow('rolled back')])
        throw new Error('the action failed')
      }),
    ).rejects.toThrow('the action failed')
    const pending = await outboxStore(db).pending()
    expect(pending.map(({ event, handler }) => `${event}→${handler}`)).toEqual([
      'follow→first',
      'follow→second',
    ])
  })

  it('delivers each event once to each subscriber and removes what it delivered', async () => {
    const bus = await freshBus()
    const seen: string[] = []
    bus.durable('follow', 'recorder', async (_trx, event) => void seen.push(event.target))
    const db = t.database.db
    await db.transaction().execute((trx) => bus.raise(trx, 'follow', [follow('optics'), follow('genomics')]))
    const processed = await outboxWorker(db, bus).drain()
    expect(processed.map((p) => p.outcome)).toEqual(['done', 'done'])
    expect(seen.sort()).toEqual(['genomics', 'optics'])
    expect(await outboxStore(db).pending()).toEqual([])
    expect(await outboxWorker(db, bus).drain()).toEqual([])
  })

  it('retries a failed delivery after its back-off, and fails it for good after the last attempt', async () => {
    const bus = await freshBus()
    let calls = 0
    bus.durable('follow', 'flaky', async () => {
      calls++
      throw new Error(`attempt ${calls} failed`)
    })
    const db = t.database.db
    await db.transaction().execute((trx) => bus.raise(trx, 'follow', [follow('optics')]))
    const worker = outboxWorker(db, bus, { maxAttempts: 2, backoffSeconds: 30 })

    expect((await worker.drain()).map((p) => p.outcome)).toEqual(['retry'])
    // Not due again before its back-off: time is moved in the database, never waited for.
    expect(await worker.drain()).toEqual([])
    const [waiting] = await db.selectFrom('event_outbox').selectAll().execute()
    expect(waiting.last_error).toBe('attempt 1 failed')
    expect(waiting.run_after.getTime() - Date.now()).toBeGreaterThan(20_000)
    await sql`update event_outbox set run_after = now()`.execute(db)

    expect((await worker.drain()).map((p) => p.outcome)).toEqual(['failed'])
    await sql`update event_outbox set run_after = now()`.execute(db)
    expect(await worker.drain()).toEqual([])
    expect(await outboxStore(db).pending()).toEqual([
      { event: 'follow', handler: 'flaky', attempts: 2, failed: true },
    ])
    expect(calls).toBe(2)
  })

  it('keeps a delivery whose subscriber this process does not know, to be retried', async () => {
    const db = t.database.db
    await outboxStore(db).enqueue([{ event: 'follow', handler: 'renamed-away', payload: follow('optics') }])
    const processed = await outboxWorker(db, await freshBus()).drain()
    expect(processed.map((p) => p.outcome)).toEqual(['retry'])
    expect((await outboxStore(db).pending())[0]).toMatchObject({ handler: 'renamed-away', failed: false })
  })

  it('takes effect once when a lease runs out mid-delivery: the late claim rolls back', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const db = t.database.db
    const bus = await freshBus()
    let hold: Promise<void> | null = null
    let release = () => {}
    let started = () => {}
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve
    })
    // The slow delivery writes ada's row, the one that takes over bo's (so neither waits on the other's lock).
    bus.durable('follow', 'appender', async (trx: Db) => {
      const slow = hold !== null
      await sql`update users set bio = bio || 'x' where id = ${slow ? ada.id : bo.id}`.execute(trx)
      if (slow) {
        started()
        await hold
      }
    })
    await db.transaction().execute((trx) => bus.raise(trx, 'follow', [follow('optics')]))
    const bios = async () =>
      (await db.selectFrom('users').select(['id', 'bio']).where('id', 'in', [ada.id, bo.id]).execute())
        .map((user) => `${user.id === ada.id ? 'ada' : 'bo'}:${user.bio}`)
        .sort()
    if (t.app.ctx.dbKind === 'postgres') {
      hold = new Promise<void>((resolve) => {
        release = resolve
      })
      const slow = outboxWorker(db, bus).processNext()
      await firstStarted
      hold = null
      // The slow claim's lease runs out; another worker takes the delivery and completes it.
      await sql`update event_outbox set lease_until = now() - interval '1 second'`.execute(db)
      const fast = await outboxWorker(db, bus).processNext()
      expect(fast?.outcome).toBe('done')
      release()
      expect((await slow)?.outcome).toBe('lost')
      expect(await bios()).toEqual(['ada:', 'bo:x'])
    } else {
      // PGlite runs one transaction at a time, so no second worker can run beside the first: the
      // fencing token is what decides, and completing with a stale one removes nothing.
      const store = outboxStore(db)
      const claimed = (await store.claim(60))!
      expect(await store.complete({ ...claimed, attempts: claimed.attempts - 1 })).toBe(false)
      await sql`update event_outbox set lease_until = now() - interval '1 second'`.execute(db)
      expect((await outboxWorker(db, bus).processNext())?.outcome).toBe('done')
      expect(await store.complete(claimed)).toBe(false)
      expect(await bios()).toEqual(['ada:', 'bo:x'])
    }
    expect(await outboxStore(db).pending()).toEqual([])
  })
})

describe('the read cache', () => {
  it('forgets its bodies on an event raised outside any request (the analysis worker)', async () => {
    const cached = await createTestApp({ READ_CACHE_MS: '60000' })
    try {
      const ada = await makeUser(cached)
      const titles = async () =>
        (await sendTo(cached, null, 'GET /media/list'))
          .json()
          .items.map((item: { title: string }) => item.title)
      await dbMakePost(cached, ada, { title: 'First' })
      expect(await titles()).toEqual(['First'])
      const second = await dbMakePost(cached, ada, { title: 'Second' })
      // Written behind the app's back, the list is still the cached one...
      expect(await titles()).toEqual(['First'])
      // ...until a domain event is raised, as the analysis worker does when an analysis finishes.
      await cached.database.db
        .transaction()
        .execute((trx) =>
          cached.app.ctx.events.raise(trx, 'analysis.finished', [
            { postId: second, authorId: ada.id, status: 'failed', fileCount: 0 },
          ]),
        )
      expect(await titles()).toEqual(['Second', 'First'])
    } finally {
      await cached.close()
    }
  })
})
