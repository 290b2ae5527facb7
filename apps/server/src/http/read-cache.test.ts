import { setTimeout as sleep } from 'node:timers/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { waitFor } from '@agora/test-kit'
import cookie from '@fastify/cookie'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import {
  apiBookmark,
  apiFollow,
  apiLikeComment,
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  apiSuspend,
  dbMakePost,
  dbModerate,
  makeModerator,
  makeUser,
  makeUsers,
  type Sent,
  send,
  sendLogin,
  sendTo,
} from '../../test/factories'
import { createTestApp, type TestApp, useTestApp } from '../../test/harness'
import { createReadCache } from './read-cache'

type User = Awaited<ReturnType<typeof makeUser>>
type CommentAnswer = { content: string; is_liked: boolean; moderation?: { reason?: string } }

const titles = async (t: TestApp, user?: User) =>
  ((await sendTo(t, user ?? null, 'GET /media/list')).json().items as { title: string }[]).map(
    (item) => item.title,
  )

/**
 * Ada and her post titled `title`, read once from the list with `read` (the answer now cached), then a second post
 * written straight into the database, behind the cache's back. Answers Ada and that first read.
 */
async function readThenWriteBehind(t: TestApp, title: string, read: Sent = {}) {
  const ada = await makeUser(t)
  await dbMakePost(t, ada, { title })
  const first = await sendTo(t, null, 'GET /media/list', read)
  await dbMakePost(t, ada, { title: 'Behind its back' })
  return { ada, first }
}

describe('read cache (READ_CACHE_MS long enough that nothing expires during a test)', () => {
  const t = useTestApp({ READ_CACHE_MS: '60000' })

  it('serves an anonymous read from memory: a row written behind its back does not show', async () => {
    const { ada, first } = await readThenWriteBehind(t, 'First')
    const second = await sendTo(t, null, 'GET /media/list')
    expect(second.statusCode).toBe(200)
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(second.body).toBe(first.body)
    expect(second.json().items.map((item: { title: string }) => item.title)).toEqual(['First'])
    // A signed-in viewer with nothing only they may see is served the same page.
    expect(await titles(t, ada)).toEqual(['First'])
    // A refused write changed nothing, so it leaves the cached body in place.
    const refused = await sendTo(t, null, 'POST /media/:id/like', { params: { id: 'x' }, json: {} })
    expect(refused.statusCode).toBe(401)
    expect((await sendTo(t, null, 'GET /media/list')).body).toBe(first.body)
  })

  it('answers each accepted encoding with the same body, from the cache as on a miss', async () => {
    const ada = await makeUser(t)
    // Long enough that @fastify/compress would compress it too (over its 1 KB threshold).
    for (let i = 0; i < 6; i++) await dbMakePost(t, ada, { content: 'words '.repeat(100) })
    const plain = (await sendTo(t, null, 'GET /media/list')).body
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const [encoding, decode] of Object.entries(decoders)) {
      for (let hit = 0; hit < 2; hit++) {
        const answer = await t.app.inject({
          method: 'GET',
          url: '/api/v1/media/list',
          headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
        })
        expect(answer.headers['content-encoding']).toBe(encoding)
        expect(answer.headers.vary).toMatch(/Accept-Encoding/)
        expect(decode(answer.rawPayload).toString()).toBe(plain)
      }
    }
    const identity = await t.app.inject({
      method: 'GET',
      url: '/api/v1/media/list',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(plain)
  })

  it('shares one body between spellings of the same query', async () => {
    const { first } = await readThenWriteBehind(t, 'Only', { query: { limit: '5', sort_by: 'recent_desc' } })
    const reordered = await sendTo(t, null, 'GET /media/list', {
      query: { sort_by: 'recent_desc', limit: '5' },
    })
    expect(reordered.body).toBe(first.body)
    // A different query is a different read.
    expect((await sendTo(t, null, 'GET /media/list', { query: { limit: '6' } })).json().items).toHaveLength(2)
  })

  it('keeps its bodies through sign-ins and token refreshes, and forgets them when an author is renamed', async () => {
    const { ada, first } = await readThenWriteBehind(t, 'Kept')
    const login = await sendLogin(t, { username: ada.username, password: ada.password, secure_mode: false })
    expect(login.statusCode, login.body).toBe(200)
    const refresh = await sendTo(t, null, 'POST /auth/refresh', {
      json: { refresh_token: login.json().refresh_token },
    })
    expect(refresh.statusCode, refresh.body).toBe(200)
    expect((await sendTo(t, null, 'GET /media/list')).body).toBe(first.body)

    const renamed = await send(t, ada, 'POST', '/api/v1/modify/modify_profile', {
      username: `${ada.username}x`,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const items = (await sendTo(t, null, 'GET /media/list')).json().items as {
      title: string
      author: string
    }[]
    expect(items.map((item) => [item.title, item.author])).toEqual([
      ['Behind its back', `${ada.username}x`],
      ['Kept', `${ada.username}x`],
    ])
  })

  it('forgets on domain events only: a save, an unfollow, notifications read; a block keeps its bodies', async () => {
    const { ada, first } = await readThenWriteBehind(t, 'Evented')
    // A block raises no event (it changes no read: only what is notified later), so nothing is forgotten.
    const bob = await makeUser(t)
    expect((await send(t, ada, 'POST', `/api/v1/users/${bob.id}/block`)).statusCode).toBe(200)
    expect((await sendTo(t, null, 'GET /media/list')).body).toBe(first.body)

    const postId = await dbMakePost(t, bob, { title: 'To save' })
    const saved = async () =>
      (await sendTo(t, ada, 'GET /media/:id', { params: { id: postId } })).json().is_saved
    expect(await saved()).toBe(false)
    await apiBookmark(t, ada, postId, 'save')
    expect(await saved()).toBe(true)
    await apiBookmark(t, ada, postId, 'unsave')
    expect(await saved()).toBe(false)

    await apiFollow(t, ada, { kind: 'user', target: bob.id })
    const feed = async () =>
      (
        (await sendTo(t, ada, 'GET /media/list', { query: { feed: 'following' } })).json().items as {
          title: string
        }[]
      ).map((i) => i.title)
    expect(await feed()).toEqual(['To save'])
    await apiFollow(t, ada, { kind: 'user', target: bob.id }, 'DELETE')
    expect(await feed()).toEqual([])

    await apiMakeComment(t, await makeUser(t), await dbMakePost(t, ada, { title: 'Discussed' }), {
      content: 'A question',
    })
    const unread = async () => (await sendTo(t, ada, 'GET /notifications/unread_count')).json().unread
    expect(await unread()).toBeGreaterThan(0)
    expect((await send(t, ada, 'POST', '/api/v1/notifications/read', { all: true })).statusCode).toBe(200)
    expect(await unread()).toBe(0)
  })

  it('shows a like, a comment, a new post and a deletion to the next anonymous read', async () => {
    const ada = await makeUser(t)
    const postId = await dbMakePost(t, ada, { title: 'Liked one' })
    const detail = () => sendTo(t, null, 'GET /media/:id', { params: { id: postId } })
    const comments = () => sendTo(t, null, 'GET /comments/post/:id', { params: { id: postId } })
    expect((await detail()).json().likes).toBe(0)
    expect((await comments()).json()).toEqual([])
    expect(await titles(t)).toEqual(['Liked one'])

    await apiLikePost(t, ada, postId)
    expect((await detail()).json().likes).toBe(1)
    expect((await sendTo(t, null, 'GET /media/list')).json().items[0].likes).toBe(1)

    await apiMakeComment(t, ada, postId, { content: 'A first comment' })
    expect((await comments()).json().map((c: { content: string }) => c.content)).toEqual(['A first comment'])
    expect((await detail()).json().comments).toBe(1)

    const other = await dbMakePost(t, ada, { title: 'Second' })
    const removed = await send(t, ada, 'DELETE', `/api/v1/media/${other}/delete`)
    expect(removed.statusCode, removed.body).toBe(200)
    // The insert went behind the cache's back, the delete through it: the list is read anew.
    expect(await titles(t)).toEqual(['Liked one'])
    const gone = await send(t, ada, 'DELETE', `/api/v1/media/${postId}/delete`)
    expect(gone.statusCode, gone.body).toBe(200)
    // Gone, and said so (410 post_deleted), not a body kept from before.
    expect((await detail()).statusCode).toBe(410)
    expect((await comments()).statusCode).toBe(410)
    expect(await titles(t)).toEqual([])
  })

  it("never gives a viewer another viewer's body, nor an anonymous reader a viewer's", async () => {
    const [ada, bob] = await makeUsers(t, 2)
    const postId = await dbMakePost(t, ada)
    await apiLikePost(t, ada, postId)
    expect((await sendTo(t, ada, 'GET /media/:id', { params: { id: postId } })).json().is_liked).toBe(true)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).json().is_liked).toBe(false)
    expect((await sendTo(t, bob, 'GET /media/:id', { params: { id: postId } })).json().is_liked).toBe(false)
    expect((await sendTo(t, ada, 'GET /media/:id', { params: { id: postId } })).json().is_liked).toBe(true)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).json()).toMatchObject({
      is_liked: false,
      likes: 1,
    })
  })

  it('never shows a private post to an anonymous reader, before or after its owner read it', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Public' })
    const secret = await dbMakePost(t, ada, { title: 'Secret', visibility: 'private' })
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: secret } })).statusCode).toBe(404)
    expect((await sendTo(t, ada, 'GET /media/:id', { params: { id: secret } })).statusCode).toBe(200)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: secret } })).statusCode).toBe(404)
    expect((await sendTo(t, ada, 'GET /comments/post/:id', { params: { id: secret } })).statusCode).toBe(200)
    expect((await sendTo(t, null, 'GET /comments/post/:id', { params: { id: secret } })).statusCode).toBe(404)
    expect(await titles(t, ada)).toEqual(['Secret', 'Public'])
    expect(await titles(t)).toEqual(['Public'])
  })
})

describe('read cache, signed-in readers (the shared answer plus their own fields)', () => {
  const t = useTestApp({ READ_CACHE_MS: '60000' })

  it('gives every viewer their own like and save on the one cached post, as the tables hold them', async () => {
    const ada = await makeUser(t)
    const readers = await makeUsers(t, 4)
    const postId = await dbMakePost(t, ada, { title: 'Shared' })
    const anonymous = (await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).body
    // Likes and saves through the API (each forgets the body, as any write); then one more
    // anonymous read caches the post again, and every viewer below is served from that body.
    await apiLikePost(t, readers[0], postId)
    await apiLikePost(t, readers[2], postId)
    await apiBookmark(t, readers[1], postId)
    await apiBookmark(t, readers[2], postId)
    const cached = (await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).body
    expect(JSON.parse(cached)).toMatchObject({ likes: 2, is_liked: false })
    expect(JSON.parse(cached)).not.toHaveProperty('is_saved')
    expect(await titles(t)).toEqual(['Shared'])
    await dbMakePost(t, ada, { title: 'Behind its back' })
    for (const reader of [ada, ...readers]) {
      const answer = (await sendTo(t, reader, 'GET /media/:id', { params: { id: postId } })).json()
      // What the database says of this reader and the post.
      const has = async (table: 'post_likes' | 'bookmarks') =>
        (await t.database.db
          .selectFrom(table)
          .select('post_id')
          .where('user_id', '=', reader.id)
          .where('post_id', '=', postId)
          .executeTakeFirst()) !== undefined
      expect({ is_liked: answer.is_liked, is_saved: answer.is_saved }).toEqual({
        is_liked: await has('post_likes'),
        is_saved: await has('bookmarks'),
      })
      expect(answer.likes).toBe(2)
    }
    // Served from the body (the insert behind its back does not show), and left as it was.
    expect(await titles(t, readers[0])).toEqual(['Shared'])
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: postId } })).body).toBe(cached)
    expect(anonymous).not.toBe(cached)
  })

  it('loads the list for a viewer who has a post only they may see, and serves the others the shared page', async () => {
    const [ada, bob] = await makeUsers(t, 2)
    await dbMakePost(t, ada, { title: 'Public' })
    const hidden = await dbMakePost(t, ada, { title: 'Hidden by a moderator' })
    await dbModerate(t, 'post', hidden, 'hidden')
    await dbMakePost(t, bob, { title: 'Private draft', visibility: 'private' })
    expect(await titles(t)).toEqual(['Public'])
    expect(await titles(t, ada)).toEqual(['Hidden by a moderator', 'Public'])
    expect(await titles(t, bob)).toEqual(['Private draft', 'Public'])
    const carol = await makeUser(t)
    expect(await titles(t, carol)).toEqual(['Public'])
    // Their own hidden post opens for its author only, with the reason.
    const own = await sendTo(t, ada, 'GET /media/:id', { params: { id: hidden } })
    expect(own.statusCode).toBe(200)
    expect(own.json().moderation).toMatchObject({ state: 'hidden' })
    expect((await sendTo(t, carol, 'GET /media/:id', { params: { id: hidden } })).statusCode).toBe(404)
    expect((await sendTo(t, null, 'GET /media/:id', { params: { id: hidden } })).statusCode).toBe(404)
  })

  it('merges the posts only a viewer may see into the shared pages, in every order, page after page', async () => {
    const [ada, bob] = await makeUsers(t, 2)
    const at = (i: number) => new Date(Date.parse('2026-05-01T00:00:00Z') + i * 1000)
    // 24 public posts of bob's; ada's three only she may see sit among them: newest, middle, oldest.
    const all: { title: string; at: number; hot: number }[] = []
    for (let i = 0; i < 27; i++) {
      const mine = i === 0 || i === 13 || i === 26
      const title = `${mine ? 'Ada' : 'Bob'} ${String(i).padStart(2, '0')}`
      const id = await dbMakePost(t, mine ? ada : bob, {
        title,
        created_at: at(i),
        ...(mine && i !== 13 ? { visibility: 'private' as const } : {}),
      })
      if (i === 13) await dbModerate(t, 'post', id, 'hidden')
      // Hot in another order than time: every third post far ahead.
      const hot = (i % 3) * 100 + i
      await t.database.db.updateTable('posts').set({ hot_score: hot }).where('id', '=', id).execute()
      all.push({ title, at: i, hot })
    }
    const walk = async (sort: string, user?: User) => {
      const seen: string[] = []
      let cursor: unknown = null
      for (let pages = 0; pages < 20; pages++) {
        const query = { sort_by: sort, limit: '5', ...(cursor ? { cursor: JSON.stringify(cursor) } : {}) }
        const page = (await sendTo(t, user ?? null, 'GET /media/list', { query })).json()
        seen.push(...page.items.map((item: { title: string }) => item.title))
        expect(page.items.length).toBeLessThanOrEqual(5)
        if (!page.has_next) return seen
        cursor = page.next_cursor
      }
      throw new Error('more than 20 pages')
    }
    const sorted = (by: 'at' | 'hot', direction: 1 | -1, keep: (title: string) => boolean) =>
      [...all]
        .sort((a, b) => direction * (a[by] - b[by]))
        .map((post) => post.title)
        .filter(keep)
    for (const [sort, by, direction] of [
      ['recent_desc', 'at', -1],
      ['recent_asc', 'at', 1],
      ['hot_desc', 'hot', -1],
      ['hot_asc', 'hot', 1],
    ] as const) {
      // Everyone's pages are cached first, so ada's are made from them.
      expect(await walk(sort), sort).toEqual(sorted(by, direction, (title) => title.startsWith('Bob')))
      expect(await walk(sort, ada), sort).toEqual(sorted(by, direction, () => true))
      expect(await walk(sort, bob), sort).toEqual(sorted(by, direction, (title) => title.startsWith('Bob')))
    }

    // Ada's pages are made from the shared ones: a post written behind the cache's back shows to
    // nobody yet, her included. A search is loaded for her, with her own posts.
    await dbMakePost(t, bob, { title: 'Bob behind the back', created_at: at(30) })
    const firstPage = async (user?: User) =>
      (
        (
          await sendTo(t, user ?? null, 'GET /media/list', { query: { sort_by: 'recent_desc', limit: '5' } })
        ).json().items as { title: string }[]
      ).map((item) => item.title)
    expect(await firstPage()).toEqual(['Bob 25', 'Bob 24', 'Bob 23', 'Bob 22', 'Bob 21'])
    expect(await firstPage(ada)).toEqual(['Ada 26', 'Bob 25', 'Bob 24', 'Bob 23', 'Bob 22'])
    const searched = await sendTo(t, ada, 'GET /media/list', { query: { search: 'ada' } })
    expect(searched.json().items.map((item: { title: string }) => item.title)).toContain('Ada 13')
  })

  it('forgets what it kept of a viewer when anyone writes: their new private post joins their list at once', async () => {
    const ada = await makeUser(t)
    await dbMakePost(t, ada, { title: 'Public' })
    // Read twice: the second answer comes from the shared body, with what was learnt of ada kept.
    expect(await titles(t, ada)).toEqual(['Public'])
    expect(await titles(t, ada)).toEqual(['Public'])
    await apiMakePost(t, ada, { title: 'Draft', visibility: 'private' })
    expect(await titles(t, ada)).toEqual(['Draft', 'Public'])
    expect(await titles(t)).toEqual(['Public'])
    const bob = await makeUser(t)
    expect(await titles(t, bob)).toEqual(['Public'])
  })

  it('makes each variant of a post once: viewers who like it read one body, those who do not another', async () => {
    const ada = await makeUser(t)
    const [bob, carol, dan] = await makeUsers(t, 3)
    const postId = await dbMakePost(t, ada)
    await apiLikePost(t, bob, postId)
    await apiLikePost(t, carol, postId)
    const [b, c, d] = [
      await sendTo(t, bob, 'GET /media/:id', { params: { id: postId } }),
      await sendTo(t, carol, 'GET /media/:id', { params: { id: postId } }),
      await sendTo(t, dan, 'GET /media/:id', { params: { id: postId } }),
    ]
    expect(b.body).toBe(c.body)
    expect(b.json()).toMatchObject({ is_liked: true, is_saved: false, likes: 2 })
    expect(d.json()).toMatchObject({ is_liked: false, is_saved: false, likes: 2 })
    expect({ ...d.json(), is_liked: true }).toEqual(b.json())
  })

  it('remembers sessions, yet a logout, a refresh token used twice and a suspension count at the next request', async () => {
    const [ada, bob, carol] = await makeUsers(t, 3)
    const me = (user: User) => sendTo(t, user, 'GET /auth/me')
    for (const user of [ada, bob, carol]) expect((await me(user)).statusCode).toBe(200)

    const logout = await sendTo(t, ada, 'POST /auth/logout')
    expect(logout.statusCode, logout.body).toBe(200)
    expect((await me(ada)).statusCode).toBe(401)

    // Bob's refresh token used twice: the second use revokes his session (and answers 401).
    const refresh = () => sendTo(t, null, 'POST /auth/refresh', { json: { refresh_token: bob.refreshToken } })
    expect((await refresh()).statusCode).toBe(200)
    expect((await refresh()).statusCode).toBe(401)
    expect((await me(bob)).statusCode).toBe(401)

    const moderator = await makeModerator(t)
    const postId = await dbMakePost(t, ada)
    await apiSuspend(t, moderator, carol)
    const comment = await send(t, carol, 'POST', '/api/v1/comments/create', {
      postId,
      content: 'Still here?',
    })
    expect(comment.statusCode, comment.body).toBe(403)
  })

  it('keeps what it learnt of sessions through writes that change none; a moderator’s write forgets it', async () => {
    // Everyone signs in first.
    const [ada, bob] = await makeUsers(t, 2)
    const moderator = await makeModerator(t)
    const me = (user: User) => sendTo(t, user, 'GET /auth/me')
    expect((await me(ada)).statusCode).toBe(200)
    // Ada's session ended behind the server's back (triggers off, so not even the database tells):
    // only what it remembers still says it is live.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx)
      await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', ada.id)
        .execute()
    })

    // Bob posts and likes: writes that change no session, role or suspension. The read cache's
    // bodies go (his post shows at once), what was learnt of Ada's session stays.
    const { post_id } = await apiMakePost(t, bob, { title: 'Kept sessions' })
    await apiLikePost(t, bob, post_id)
    expect(await titles(t)).toContain('Kept sessions')
    expect((await me(ada)).statusCode).toBe(200)

    // Any moderator's write may suspend someone or change a role: sessions are asked again.
    await apiSuspend(t, moderator, bob)
    expect((await me(ada)).statusCode).toBe(401)
  })

  it("marks the comments each viewer likes, and shows a comment's author what moderators did to it", async () => {
    const [ada, bob, carol] = await makeUsers(t, 3)
    const postId = await dbMakePost(t, ada)
    const first = await apiMakeComment(t, ada, postId, { content: 'First' })
    const second = await apiMakeComment(t, carol, postId, { content: 'Second' })
    await apiLikeComment(t, bob, first._id)
    await dbModerate(t, 'comment', second._id, 'hidden', 'Rude')
    const shared = (
      await sendTo(t, null, 'GET /comments/post/:id', { params: { id: postId } })
    ).json() as CommentAnswer[]
    expect(shared.map((c) => [c.content, c.is_liked, c.moderation?.reason])).toEqual([
      ['', false, ''],
      ['First', false, undefined],
    ])
    const seen = async (user: User) =>
      (
        (
          await sendTo(t, user, 'GET /comments/post/:id', { params: { id: postId } })
        ).json() as CommentAnswer[]
      ).map((c) => [c.content, c.is_liked, c.moderation?.reason])
    expect(await seen(bob)).toEqual([
      ['', false, ''],
      ['First', true, undefined],
    ])
    expect(await seen(ada)).toEqual([
      ['', false, ''],
      ['First', false, undefined],
    ])
    expect(await seen(carol)).toEqual([
      ['Second', false, 'Rude'],
      ['First', false, undefined],
    ])
    // The shared body is still what anonymous readers got.
    expect((await sendTo(t, null, 'GET /comments/post/:id', { params: { id: postId } })).json()).toEqual(
      shared,
    )
  })
})

describe('read cache lifetime', () => {
  let t: TestApp | null = null
  afterEach(async () => {
    await t?.close()
    t = null
  })

  it('never serves a body older than READ_CACHE_MS', async () => {
    t = await createTestApp({ READ_CACHE_MS: '200' })
    await readThenWriteBehind(t, 'First')
    // Past the lifetime the body is gone, however slow the machine (only the wait's floor matters).
    await sleep(250)
    expect(await titles(t)).toEqual(['Behind its back', 'First'])
  })

  it('is off with READ_CACHE_MS=0', async () => {
    t = await createTestApp({ READ_CACHE_MS: '0' })
    await readThenWriteBehind(t, 'First')
    expect(await titles(t)).toEqual(['Behind its back', 'First'])
  })
})

describe('read cache loads', () => {
  /** A bare server with one cached route whose loads are counted (and held until released). */
  async function countingServer() {
    const cache = createReadCache(60_000)
    const server = Fastify()
    // The cache tells anonymous requests by their cookies, as in the app.
    await server.register(cookie)
    let loads = 0
    let arrivals = 0
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server.get(
      '/read',
      { schema: { response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } } } },
      (request, reply) => {
        // Counted before the cache: a request counted here has joined (or started) the load.
        arrivals++
        return cache.answer(request, reply, {
          async load() {
            loads++
            await held
            if ((request.query as { fail?: string }).fail) throw new Error('the load failed')
            return { n: loads, dropped: 'not in the schema' }
          },
        })
      },
    )
    await server.ready()
    return { server, cache, loads: () => loads, arrivals: () => arrivals, release }
  }

  it('runs one load for concurrent misses of the same read, through the route serialiser', async () => {
    const { server, loads, arrivals, release } = await countingServer()
    const answers = Array.from({ length: 5 }, () => server.inject('/read'))
    await waitFor(() => arrivals() === 5, 'all five requests at the cache')
    release()
    for (const answer of await Promise.all(answers)) expect(answer.body).toBe('{"n":1}')
    expect(loads()).toBe(1)
    await server.close()
  })

  it('caches no failure', async () => {
    const { server, loads, release } = await countingServer()
    release()
    expect((await server.inject('/read?fail=1')).statusCode).toBe(500)
    expect((await server.inject('/read?fail=1')).statusCode).toBe(500)
    expect(loads()).toBe(2)
    expect((await server.inject('/read')).body).toBe('{"n":3}')
    expect((await server.inject('/read')).body).toBe('{"n":3}')
    await server.close()
  })

  it('reads anew after invalidate()', async () => {
    const { server, cache, release } = await countingServer()
    release()
    expect((await server.inject('/read')).body).toBe('{"n":1}')
    cache.invalidate()
    expect((await server.inject('/read')).body).toBe('{"n":2}')
    await server.close()
  })
})
