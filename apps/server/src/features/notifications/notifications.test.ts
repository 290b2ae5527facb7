import type { NotificationItem } from '@agora/contract'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  apiLikeComment,
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  makeUser,
  makeUsers,
  send,
  sendEditComment,
  sendEditPost,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import type { DomainEvents } from '../../events/index'

// Notifications over the real app and database: each rule of who is told what, through the API that
// makes the news (comments, likes, posts, edits) and the API that reads it.

let t: TestApp
const mentions: DomainEvents['mention'][] = []
const created: DomainEvents['notification.created'][] = []
beforeAll(async () => {
  t = await createTestApp({ COMMENT_RATE_LIMIT: '10000', LIKE_RATE_LIMIT: '10000', EDIT_RATE_LIMIT: '10000' })
  t.app.ctx.events.inTransaction('mention', async (_trx, events) => void mentions.push(...events))
  t.app.ctx.events.inTransaction('notification.created', async (_trx, events) => void created.push(...events))
})
afterEach(async () => {
  mentions.length = 0
  created.length = 0
  await t.reset()
})
afterAll(() => t.close())

async function inbox(
  user: TestUser,
  query = '',
): Promise<{ items: NotificationItem[]; next_cursor: string | null; unread: number }> {
  const response = await send(t, user, 'GET', `/api/v1/notifications${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const kindsOf = async (user: TestUser) => (await inbox(user)).items.map((item) => item.kind)

async function settings(user: TestUser, update: Record<string, boolean>) {
  const response = await send(t, user, 'PUT', '/api/v1/notifications/settings', update)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

async function editPost(user: TestUser, postId: string, body: Record<string, unknown>) {
  const response = await sendEditPost(t, user, postId, body)
  expect(response.statusCode, response.body).toBe(200)
}

/** A post by `author`, a comment on it by `commenter` and a reply to that comment by `replier`. */
async function commentAndReply(author: TestUser, commenter: TestUser, replier: TestUser) {
  const post = await apiMakePost(t, author)
  const comment = await apiMakeComment(t, commenter, post.post_id)
  await apiMakeComment(t, replier, post.post_id, { parentId: comment._id })
  return { post, comment }
}

async function remove(user: TestUser, key: 'DELETE /comments/:id' | 'DELETE /media/:id/delete', id: string) {
  const response = await sendTo(t, user, key, { params: { id } })
  expect(response.statusCode, response.body).toBe(200)
}

describe(`notifications: comments and replies (${TEST_DB})`, () => {
  it('tells the post author of a comment, and the parent author of a reply, in the same transaction', async () => {
    const [ada, bo, cy] = await makeUsers(t, 3)
    const post = await apiMakePost(t, ada, { title: 'Optics notes' })
    const comment = await apiMakeComment(t, bo, post.post_id, { content: 'A **good** point about lenses' })

    const [item] = (await inbox(ada)).items
    expect(item).toMatchObject({
      kind: 'comment',
      read: false,
      actor: { id: bo.id, username: bo.username },
      actors_count: 1,
      post_id: post.post_id,
      post_title: 'Optics notes',
      comment_id: comment._id,
      excerpt: 'A good point about lenses',
      target_url: `/forum/detail/${post.post_id}#${comment._id}`,
    })
    expect(created).toEqual([{ userId: ada.id, notificationId: item.id, kind: 'comment' }])

    // cy replies to bo: bo hears of the reply, ada of a comment on her post.
    const reply = await apiMakeComment(t, cy, post.post_id, { parentId: comment._id, content: 'Agreed' })
    expect((await inbox(bo)).items).toMatchObject([
      { kind: 'reply', comment_id: reply._id, actor: { id: cy.id } },
    ])
    expect(await kindsOf(ada)).toEqual(['comment', 'comment'])
  })

  it('says mail is written to the data folder when no mail server is configured', async () => {
    const ada = await makeUser(t)
    const response = await send(t, ada, 'GET', '/api/v1/notifications/mail')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().delivery).toBe('folder')
  })

  it('previews a comment as text: no Markdown marks, no math delimiters, no code block', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const post = await apiMakePost(t, ada)
    await apiMakeComment(t, bo, post.post_id, {
      content:
        '## Energy\n\nThe **energy** is $E = mc^2$, so $$\\int_0^1 x^2 dx$$ holds.\n\n```py\nprint(1)\n```',
    })
    const [item] = (await inbox(ada)).items
    expect(item.excerpt).toBe('Energy The energy is E = mc^2, so \\int_0^1 x^2 dx holds.')
  })

  it('tells the post author once of a reply to her own comment (a reply, not also a comment)', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    await commentAndReply(ada, ada, bo)
    expect(await kindsOf(ada)).toEqual(['reply'])
  })

  it('never tells anyone of their own action', async () => {
    const ada = await makeUser(t)
    const post = await apiMakePost(t, ada)
    const mine = await apiMakeComment(t, ada, post.post_id, { content: `me, @${ada.username}` })
    await apiMakeComment(t, ada, post.post_id, { parentId: mine._id })
    await apiLikePost(t, ada, post.post_id)
    await apiLikeComment(t, ada, mine._id)
    expect(await inbox(ada)).toEqual({ items: [], next_cursor: null, unread: 0 })
    expect(created).toEqual([])
  })

  it('removes a notification with its source: the comment, or the post', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const post = await apiMakePost(t, ada)
    const comment = await apiMakeComment(t, bo, post.post_id)
    const other = await apiMakeComment(t, bo, post.post_id)
    await apiLikeComment(t, ada, other._id)
    expect(await kindsOf(ada)).toEqual(['comment', 'comment'])
    expect(await kindsOf(bo)).toEqual(['like'])

    await remove(bo, 'DELETE /comments/:id', comment._id)
    expect((await inbox(ada)).items.map((item) => item.comment_id)).toEqual([other._id])
    await remove(ada, 'DELETE /media/:id/delete', post.post_id)
    expect(await inbox(ada)).toMatchObject({ items: [], unread: 0 })
    expect(await inbox(bo)).toMatchObject({ items: [], unread: 0 })
  })
})

describe(`notifications: likes (${TEST_DB})`, () => {
  it('gathers the likes of one target on one day into one entry, naming the latest liker', async () => {
    const ada = await makeUser(t)
    const [bo, cy, dan] = await makeUsers(t, 3)
    const post = await apiMakePost(t, ada, { title: 'Lenses' })
    await apiLikePost(t, bo, post.post_id)
    await apiLikePost(t, cy, post.post_id)
    await apiLikePost(t, dan, post.post_id)
    const { items, unread } = await inbox(ada)
    expect(unread).toBe(1)
    expect(items).toMatchObject([
      {
        kind: 'like',
        actor: { id: dan.id, username: dan.username },
        actors_count: 3,
        post_id: post.post_id,
        post_title: 'Lenses',
        comment_id: null,
        target_url: `/forum/detail/${post.post_id}`,
      },
    ])
    // Each new liker told the entry's owner (live streams move it up).
    expect(created.filter((event) => event.kind === 'like')).toHaveLength(3)
  })

  it('counts a liker once: a like, an unlike and a like again make no second notification', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const post = await apiMakePost(t, ada)
    await apiLikePost(t, bo, post.post_id)
    await apiLikePost(t, bo, post.post_id, 'unlike')
    await apiLikePost(t, bo, post.post_id)
    // ...not even on another day.
    await sql`update notifications set group_key = replace(group_key, to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), '2020-01-01')`.execute(
      t.database.db,
    )
    await apiLikePost(t, bo, post.post_id, 'unlike')
    await apiLikePost(t, bo, post.post_id)
    expect((await inbox(ada)).items).toMatchObject([{ kind: 'like', actors_count: 1 }])
    expect(created).toHaveLength(1)
  })

  it('makes a new entry for another day, and one per target (a comment is its own target)', async () => {
    const [ada, bo, cy] = await makeUsers(t, 3)
    const post = await apiMakePost(t, ada)
    const comment = await apiMakeComment(t, ada, post.post_id)
    await apiLikePost(t, bo, post.post_id)
    await sql`update notifications set group_key = replace(group_key, to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), '2020-01-01')`.execute(
      t.database.db,
    )
    await apiLikePost(t, cy, post.post_id)
    await apiLikeComment(t, bo, comment._id)
    const { items } = await inbox(ada)
    expect(items).toMatchObject([
      {
        kind: 'like',
        comment_id: comment._id,
        excerpt: 'A thoughtful comment',
        target_url: `/forum/detail/${post.post_id}#${comment._id}`,
      },
      { kind: 'like', comment_id: null, actor: { id: cy.id }, actors_count: 1 },
      { kind: 'like', comment_id: null, actor: { id: bo.id }, actors_count: 1 },
    ])
  })

  it('counts a batch of likes made together (one statement) as one entry per target', async () => {
    const ada = await makeUser(t)
    const likers = await Promise.all([1, 2, 3, 4].map(() => makeUser(t)))
    const post = await apiMakePost(t, ada)
    const answers = await Promise.all(
      likers.map((liker) => send(t, liker, 'POST', `/api/v1/media/${post.post_id}/like`, { action: 'like' })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])
    expect((await inbox(ada)).items).toMatchObject([{ kind: 'like', actors_count: 4 }])
  })

  it('makes a read entry unread again when someone else likes the target that day', async () => {
    const ada = await makeUser(t)
    const post = await apiMakePost(t, ada)
    await apiLikePost(t, await makeUser(t), post.post_id)
    await send(t, ada, 'POST', '/api/v1/notifications/read', { all: true })
    expect((await inbox(ada)).unread).toBe(0)
    await apiLikePost(t, await makeUser(t), post.post_id)
    expect(await inbox(ada)).toMatchObject({ unread: 1, items: [{ read: false, actors_count: 2 }] })
  })
})

describe(`notifications: private posts (${TEST_DB})`, () => {
  it('tells nobody but the author anything about a private post', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const { post, comment: bos } = await commentAndReply(ada, bo, ada)
    expect(await kindsOf(bo)).toEqual(['reply'])

    // Turned private: what bo was told about it goes, and nothing new reaches him.
    await editPost(ada, post.post_id, { visibility: 'private' })
    expect(await inbox(bo)).toMatchObject({ items: [], unread: 0 })
    await apiMakeComment(t, ada, post.post_id, { parentId: bos._id, content: `again @${bo.username}` })
    await apiLikeComment(t, ada, bos._id)
    expect(await inbox(bo)).toMatchObject({ items: [], unread: 0 })
    expect(await inbox(ada)).toMatchObject({ items: [{ kind: 'comment' }] })
  })

  it('mentions nobody from a private post, until it is made public', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const post = await apiMakePost(t, ada, { visibility: 'private', content: `Ask @${bo.username}` })
    expect(await inbox(bo)).toMatchObject({ items: [] })
    expect(mentions).toEqual([])
    await editPost(ada, post.post_id, { visibility: 'public' })
    expect(await kindsOf(bo)).toEqual(['mention'])
  })
})

describe(`notifications: mentions (${TEST_DB})`, () => {
  it('tells who a comment names, read from its Markdown: not in code, not unknown names, not twice', async () => {
    const ada = await makeUser(t)
    const [bo, cy, dan] = await makeUsers(t, 3)
    const post = await apiMakePost(t, ada)
    const content = [
      `Thanks @${bo.username.toUpperCase()}, and @${bo.username} again.`,
      `Not \`@${cy.username}\` in code, nor @nobody_here, nor mail@${dan.username}.`,
      '```',
      `@${dan.username}`,
      '```',
    ].join('\n')
    const comment = await apiMakeComment(t, ada, post.post_id, { content })
    expect((await inbox(bo)).items).toMatchObject([
      {
        kind: 'mention',
        actor: { id: ada.id },
        comment_id: comment._id,
        target_url: `/forum/detail/${post.post_id}#${comment._id}`,
      },
    ])
    for (const user of [cy, dan]) expect(await inbox(user)).toMatchObject({ items: [] })
    expect(mentions).toEqual([
      { mentionedUserId: bo.id, byUserId: ada.id, postId: post.post_id, commentId: comment._id },
    ])
  })

  it('tells at most ten people per text', async () => {
    const ada = await makeUser(t)
    const named = []
    for (let i = 0; i < 12; i++) named.push(await makeUser(t))
    const post = await apiMakePost(t, ada, { content: named.map((user) => `@${user.username}`).join(' ') })
    const told = []
    for (const user of named) told.push((await inbox(user)).items.length)
    expect(told).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    expect((await inbox(named[0])).items[0]).toMatchObject({
      kind: 'mention',
      post_id: post.post_id,
      comment_id: null,
      target_url: `/forum/detail/${post.post_id}`,
    })
  })

  it('tells only the newly named after an edit of a comment or a post', async () => {
    const ada = await makeUser(t)
    const [bo, cy, dan] = await makeUsers(t, 3)
    const post = await apiMakePost(t, ada, { content: `For @${bo.username}` })
    const comment = await apiMakeComment(t, ada, post.post_id, { content: `cc @${bo.username}` })
    expect(await kindsOf(bo)).toEqual(['mention', 'mention'])

    const edited = await sendEditComment(t, ada, comment._id, {
      content: `cc @${bo.username} @${cy.username}`,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    await editPost(ada, post.post_id, { content: `For @${bo.username} and @${dan.username}` })
    expect(await kindsOf(bo)).toEqual(['mention', 'mention'])
    expect((await inbox(cy)).items).toMatchObject([{ kind: 'mention', comment_id: comment._id }])
    expect((await inbox(dan)).items).toMatchObject([{ kind: 'mention', comment_id: null }])
  })

  it('tells the post author of a comment once, though it names her too', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const post = await apiMakePost(t, ada)
    await apiMakeComment(t, bo, post.post_id, { content: `@${ada.username} look` })
    expect(await kindsOf(ada)).toEqual(['comment'])
    expect(mentions.map((m) => m.mentionedUserId)).toEqual([ada.id])
  })
})

describe(`notifications: settings (${TEST_DB})`, () => {
  it('are all on for a new account; a kind turned off is not written, the others are', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    const all = await send(t, ada, 'GET', '/api/v1/notifications/settings')
    expect(Object.values(all.json()).every((on) => on === true)).toBe(true)
    expect(Object.keys(all.json())).toContain('followed_tag')

    expect(await settings(ada, { comment: false, like: false })).toMatchObject({
      comment: false,
      like: false,
      reply: true,
    })
    expect(await settings(ada, { like: true })).toMatchObject({ comment: false, like: true })
    const post = await apiMakePost(t, ada)
    const hers = await apiMakeComment(t, ada, post.post_id)
    await apiMakeComment(t, bo, post.post_id)
    await apiMakeComment(t, bo, post.post_id, { parentId: hers._id })
    await apiLikePost(t, bo, post.post_id)
    expect(await kindsOf(ada)).toEqual(['like', 'reply'])
  })

  it('refuses an unknown kind', async () => {
    const ada = await makeUser(t)
    const response = await send(t, ada, 'PUT', '/api/v1/notifications/settings', { comment: 'maybe' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toEqual(expect.any(String))
  })
})

describe(`notifications: the list, unread and read (${TEST_DB})`, () => {
  /** `count` notifications for `user`, written directly, all at one instant (ties broken by id). */
  async function many(user: TestUser, actor: TestUser, count: number) {
    await sql`insert into notifications (user_id, kind, actor_id, updated_at)
              select ${user.id}, 'mention', ${actor.id}, date_trunc('milliseconds', now()) - (i / 3) * interval '1 second'
              from generate_series(1, ${count}) i`.execute(t.database.db)
  }

  it('pages by keyset, newest first, without duplicates or gaps', async () => {
    const ada = await makeUser(t)
    await many(ada, await makeUser(t), 25)
    const seen: string[] = []
    let cursor: string | null = null
    const sizes: number[] = []
    do {
      const page = await inbox(ada, `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      sizes.push(page.items.length)
      seen.push(...page.items.map((item) => item.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(sizes).toEqual([10, 10, 5])
    expect(new Set(seen).size).toBe(25)
    const { items } = await inbox(ada, '?limit=50')
    expect(seen).toEqual(items.map((item) => item.id))
    const times = items.map((item) => item.created_at)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('refuses a cursor it did not give out', async () => {
    const ada = await makeUser(t)
    for (const cursor of ['nonsense', Buffer.from('1.x').toString('base64url')]) {
      const response = await send(t, ada, 'GET', `/api/v1/notifications?cursor=${cursor}`)
      expect(response.statusCode).toBe(400)
    }
  })

  it('marks the named ones read (never someone else’s), or all', async () => {
    const [ada, bo] = await makeUsers(t, 2)
    await many(ada, bo, 3)
    await many(bo, ada, 1)
    const [first, second] = (await inbox(ada)).items
    const bos = (await inbox(bo)).items[0]
    const read = (payload: Record<string, unknown>, user = ada) =>
      sendTo(t, user, 'POST /notifications/read', { json: payload })

    const once = await read({ ids: [first.id, bos.id] })
    expect(once.json()).toEqual({ unread: 2 })
    expect((await inbox(bo)).unread).toBe(1)
    const count = await send(t, ada, 'GET', '/api/v1/notifications/unread_count')
    expect(count.json()).toEqual({ unread: 2 })
    expect((await inbox(ada)).items.map((item) => item.read)).toEqual([true, false, false])
    expect((await read({ ids: [second.id] })).json()).toEqual({ unread: 1 })
    expect((await read({ all: true })).json()).toEqual({ unread: 0 })
    expect((await read({})).statusCode).toBe(400)
    expect((await read({ ids: ['not-an-id'] })).statusCode).toBe(400)
  })

  it('answers 401 to a visitor who is not signed in', async () => {
    const calls = [
      { key: 'GET /notifications' },
      { key: 'GET /notifications/unread_count' },
      { key: 'POST /notifications/read', json: { all: true } },
      { key: 'GET /notifications/settings' },
      { key: 'PUT /notifications/settings', json: { like: false } },
    ] as const
    for (const { key, ...sent } of calls) {
      const response = await sendTo(t, null, key, sent)
      expect(response.statusCode, key).toBe(401)
      expect(response.json().detail).toBe('Please login to see your notifications')
    }
  })
})

describe(`notifications: reward claims (${TEST_DB})`, () => {
  it('tells the claimant that a claim was paid or failed, linking to the rewards tab', async () => {
    const ada = await makeUser(t)
    const claimId = '0193a000-0000-7000-8000-00000000c1a1'
    await sql`insert into reward_claims (id, user_id, client_key, address, amount, status, failure)
              values (${claimId}, ${ada.id}, 'k', 'addr', 15000000000, 'failed', 'The network refused the transfer')`.execute(
      t.database.db,
    )
    await t.database.db.transaction().execute(async (trx) => {
      await t.app.ctx.events.raise(trx, 'claim.settled', [
        { claimId, userId: ada.id, status: 'failed', amount: '15000000000' },
      ])
      // Told once, however often it is raised.
      await t.app.ctx.events.raise(trx, 'claim.settled', [
        { claimId, userId: ada.id, status: 'failed', amount: '15000000000' },
      ])
    })
    expect((await inbox(ada)).items).toEqual([
      expect.objectContaining({
        kind: 'claim_failed',
        actor: null,
        amount: '15000000000',
        excerpt: 'The network refused the transfer',
        target_url: '/mypage?tab=rewards',
        post_id: null,
      }),
    ])
  })
})
