import { describe, expect, it } from 'vitest'
import {
  apiBookmark,
  apiPostDetail,
  dbMakePost,
  makeUser,
  send,
  sendBookmark,
  sendEditPost,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Bookmarks: POST /media/{id}/bookmark, GET /auth/me/bookmarks and the post's is_saved.

const t = useTestApp()

async function saved(user: TestUser, query = '') {
  const response = await send(t, user, 'GET', `/api/v1/auth/me/bookmarks${query}`)
  expect(response.statusCode).toBe(200)
  return (response.json() as { id: string }[]).map((post) => post.id)
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

describe(`bookmarks (${TEST_DB})`, () => {
  it('saves, unsaves and toggles, each idempotent where it says what it wants', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const post = await dbMakePost(t, ada)
    expect(await apiBookmark(t, bo, post, 'save')).toBe(true)
    expect(await apiBookmark(t, bo, post, 'save')).toBe(true)
    expect(await saved(bo)).toEqual([post])
    expect(await apiBookmark(t, bo, post, 'unsave')).toBe(false)
    expect(await apiBookmark(t, bo, post, 'unsave')).toBe(false)
    expect(await saved(bo)).toEqual([])
    expect(await apiBookmark(t, bo, post)).toBe(true)
    expect(await apiBookmark(t, bo, post)).toBe(false)
    expect(await apiBookmark(t, bo, post)).toBe(true)
    expect(await saved(bo)).toEqual([post])
    // Each user's own.
    expect(await saved(ada)).toEqual([])
  })

  it("answers 401 signed out and 404 for a post the viewer can't see", async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const open = await dbMakePost(t, ada)
    const hidden = await dbMakePost(t, ada, { visibility: 'private' })
    expect((await sendBookmark(t, null, open, 'save')).statusCode).toBe(401)
    expect((await sendTo(t, null, 'GET /auth/me/bookmarks')).statusCode).toBe(401)
    for (const action of ['save', 'unsave', undefined] as const) {
      const refused = await sendBookmark(t, bo, hidden, action)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail).toBe('Post not found')
    }
    expect((await sendBookmark(t, bo, '0193a000-0000-7000-8000-00000000abcd')).statusCode).toBe(404)
    expect((await sendBookmark(t, bo, 'not-an-id')).statusCode).toBe(404)
    // The author may save their own private post.
    expect(await apiBookmark(t, ada, hidden, 'save')).toBe(true)
    expect(await saved(ada)).toEqual([hidden])
    expect(await saved(bo)).toEqual([])
  })

  it('lists the newest save first, pages by skip/limit, and sorts by hot when asked', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const posts = []
    for (let n = 0; n < 5; n++) posts.push(await dbMakePost(t, ada, { likes_count: n === 1 ? 50 : 0 }))
    // Saved in another order than written: the list follows the saves.
    const order = [posts[2], posts[0], posts[4], posts[1], posts[3]]
    for (const post of order) {
      await apiBookmark(t, bo, post, 'save')
      await pause()
    }
    const newestFirst = [...order].reverse()
    expect(await saved(bo)).toEqual(newestFirst)
    expect(await saved(bo, '?limit=2')).toEqual(newestFirst.slice(0, 2))
    expect(await saved(bo, '?skip=2&limit=2')).toEqual(newestFirst.slice(2, 4))
    expect(await saved(bo, '?skip=4&limit=2')).toEqual(newestFirst.slice(4))
    expect(await saved(bo, '?sort_by=recent_asc')).toEqual(order)
    expect((await saved(bo, '?sort_by=hot_desc'))[0]).toBe(posts[1])
  })

  it('drops a saved post from the list when it turns private or is deleted, and shows it again when public', async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const stays = await dbMakePost(t, ada)
    const turnsPrivate = await dbMakePost(t, ada)
    const deleted = await dbMakePost(t, ada)
    for (const post of [stays, turnsPrivate, deleted]) await apiBookmark(t, bo, post, 'save')

    expect((await sendEditPost(t, ada, turnsPrivate, { visibility: 'private' })).statusCode).toBe(200)
    const removed = await send(t, ada, 'DELETE', `/api/v1/media/${deleted}/delete`)
    expect(removed.statusCode).toBe(200)
    expect(await saved(bo)).toEqual([stays])
    // Gone for good with its post; kept (unseen) while private.
    const rows = await t.database.db.selectFrom('bookmarks').select('post_id').execute()
    expect(rows.map((row) => row.post_id).sort()).toEqual([stays, turnsPrivate].sort())
    expect((await sendBookmark(t, bo, turnsPrivate, 'unsave')).statusCode).toBe(404)

    expect((await sendEditPost(t, ada, turnsPrivate, { visibility: 'public' })).statusCode).toBe(200)
    expect((await saved(bo)).sort()).toEqual([stays, turnsPrivate].sort())
  })

  it("tells a signed-in reader whether they saved the post (is_saved), and nobody else's", async () => {
    const ada = await makeUser(t)
    const bo = await makeUser(t)
    const post = await dbMakePost(t, ada)
    expect((await apiPostDetail(t, bo, post)).is_saved).toBe(false)
    await apiBookmark(t, bo, post, 'save')
    expect((await apiPostDetail(t, bo, post)).is_saved).toBe(true)
    expect((await apiPostDetail(t, ada, post)).is_saved).toBe(false)
    expect(await apiPostDetail(t, null, post)).not.toHaveProperty('is_saved')
  })
})
