import type { NotificationItem } from '@agora/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { apiFollow, apiMakePost, makeUser, send, sendTo, type TestUser } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { outboxStore } from '../../events/outbox.store'
import { outboxWorker } from '../../events/outbox.worker'
import { FAN_OUT_HANDLER } from './notifications.writers'

// A new post reaches the followers of its author and of its tags through the durable outbox:
// never inside the request that publishes it, once per follower, whatever the number.

const t = useTestApp()

const drain = () => outboxWorker(t.database.db, t.app.ctx.events).drain()

async function inbox(user: TestUser): Promise<NotificationItem[]> {
  const response = await sendTo(t, user, 'GET /notifications')
  expect(response.statusCode, response.body).toBe(200)
  return response.json().items
}

async function count(sql_: ReturnType<typeof sql<{ n: number }>>) {
  const { rows } = await sql_.execute(t.database.db)
  return Number(rows[0].n)
}

describe(`notifications: fan-out to followers (${TEST_DB})`, () => {
  it('tells followers of the author and of a tag once each, after the request, through the outbox', async () => {
    const ada = await makeUser(t)
    const [bo, cy, dan, eve] = [await makeUser(t), await makeUser(t), await makeUser(t), await makeUser(t)]
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    await apiFollow(t, cy, { kind: 'tag', target: 'optics' })
    // dan follows the author and both tags: one notification, as a follower of the author.
    await apiFollow(t, dan, { kind: 'user', target: ada.id })
    await apiFollow(t, dan, { kind: 'tag', target: 'optics' })
    await apiFollow(t, dan, { kind: 'tag', target: 'lenses' })
    // ada follows her own tag: nobody is told of their own post.
    await apiFollow(t, ada, { kind: 'tag', target: 'optics' })
    // eve turned tag news off.
    await apiFollow(t, eve, { kind: 'tag', target: 'lenses' })
    const off = await send(t, eve, 'PUT', '/api/v1/notifications/settings', { followed_tag: false })
    expect(off.statusCode).toBe(200)

    const post = await apiMakePost(t, ada, { title: 'New lens', tags: 'Optics, lenses' })
    // The request wrote nothing for followers: one delivery waits in the outbox.
    expect(await count(sql`select count(*) as n from notifications where kind like 'followed_%'`)).toBe(0)
    expect(
      (await outboxStore(t.database.db).pending()).filter((d) => d.handler === FAN_OUT_HANDLER),
    ).toHaveLength(1)

    const created: string[] = []
    t.app.ctx.events.inTransaction('notification.created', async (_trx, events) => {
      created.push(...events.map((event) => event.userId))
    })
    await drain()
    expect(await inbox(bo)).toMatchObject([
      {
        kind: 'followed_author',
        actor: { id: ada.id },
        post_id: post.post_id,
        post_title: 'New lens',
        target_url: `/forum/detail/${post.post_id}`,
      },
    ])
    expect(await inbox(cy)).toMatchObject([{ kind: 'followed_tag', tag: 'optics', post_id: post.post_id }])
    expect(await inbox(dan)).toMatchObject([{ kind: 'followed_author' }])
    expect(await inbox(ada)).toEqual([])
    expect(await inbox(eve)).toEqual([])
    expect(created.sort()).toEqual([bo.id, cy.id, dan.id].sort())

    // A delivery run again (at least once) writes nothing twice.
    await t.database.db.transaction().execute((trx) =>
      outboxStore(trx).enqueue([
        {
          event: 'post.published',
          handler: FAN_OUT_HANDLER,
          payload: {
            postId: post.post_id,
            authorId: ada.id,
            visibility: 'public',
            tags: ['optics', 'lenses'],
          },
        },
      ]),
    )
    expect((await drain()).map((d) => d.outcome)).toEqual(['done'])
    expect(await count(sql`select count(*) as n from notifications`)).toBe(3)
  })

  it('tells no follower of a private post', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    await apiFollow(t, bo, { kind: 'user', target: ada.id })
    await apiMakePost(t, ada, { visibility: 'private', tags: 'optics' })
    await drain()
    expect(await inbox(bo)).toEqual([])
  })

  it('publishes as fast with 2,000 followers and tells every one of them after draining', async () => {
    const ada = await makeUser(t)
    const quiet = await makeUser(t)
    const followers = 2000
    await sql`insert into users (id, username, password_hash)
              select gen_random_uuid(), 'fan_' || i, 'x' from generate_series(1, ${followers}) i`.execute(
      t.database.db,
    )
    await sql`insert into follows (follower_id, kind, target)
              select id, 'user', ${ada.id} from users where username like 'fan\\_%'`.execute(t.database.db)
    // Half of them also follow the tag: still one notification each.
    await sql`insert into follows (follower_id, kind, target)
              select id, 'tag', 'optics' from users where username like 'fan\\_%' and username < 'fan_5'`.execute(
      t.database.db,
    )

    const timed = async (user: TestUser, tags: string) => {
      const started = performance.now()
      await apiMakePost(t, user, { tags })
      return performance.now() - started
    }
    await timed(quiet, 'quiet')
    const baseline = await timed(quiet, 'quiet')
    const withFollowers = await timed(ada, 'optics')
    expect(await count(sql`select count(*) as n from notifications`)).toBe(0)
    // Generous for a shared machine: the point is that the request does not scale with followers.
    expect(withFollowers).toBeLessThan(baseline * 3 + 1000)

    const started = performance.now()
    await drain()
    const drained = performance.now() - started
    expect(
      await count(
        sql`select count(*) as n from notifications where kind = 'followed_author' and actor_id = ${ada.id}`,
      ),
    ).toBe(followers)
    expect(await count(sql`select count(*) as n from notifications`)).toBe(followers)
    console.info(
      `fan-out (${TEST_DB}): publish ${Math.round(baseline)} ms without followers, ${Math.round(withFollowers)} ms with ${followers}; ${followers} notified in ${Math.round(drained)} ms`,
    )
  })
})
