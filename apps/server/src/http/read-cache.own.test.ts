import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  apiFollow,
  dbLikePost,
  dbMakeComments,
  dbMakePost,
  makeUser,
  send,
  sendCommentList,
  sendPostList,
  sendTo,
} from '../../test/factories'
import { type TestApp, useTestApp } from '../../test/harness'

type User = Awaited<ReturnType<typeof makeUser>>

/**
 * A reader's own reads: their Following feed, notification list and unread count are
 * kept for them alone until the next write (`ReadCache.own`). Rows written here behind the app's
 * back (no request, no event) show only once something is read again.
 */
const feedTitles = async (t: TestApp, user: User) => {
  const response = await sendPostList(t, user, { feed: 'following' })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().items as { title: string }[]).map((item) => item.title)
}

const unread = async (t: TestApp, user: User) => {
  const response = await send(t, user, 'GET', '/api/v1/notifications/unread_count')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { unread: number }).unread
}

const excerpts = async (t: TestApp, user: User) => {
  const response = await send(t, user, 'GET', '/api/v1/notifications')
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().items as { excerpt: string }[]).map((item) => item.excerpt)
}

/** A notification for `user` nobody is told of. */
const notifyQuietly = (t: TestApp, user: User, excerpt: string) =>
  sql`insert into notifications (user_id, kind, group_key, excerpt)
      values (${user.id}, 'moderation', ${excerpt}, ${excerpt})`.execute(t.database.db)

describe("a reader's own reads, kept until the next write (READ_CACHE_MS long enough that nothing expires)", () => {
  const t = useTestApp({ READ_CACHE_MS: '60000' })

  it('answers the Following feed from memory for its reader alone, and anew after any write', async () => {
    const [ada, bob, cyd] = [await makeUser(t), await makeUser(t), await makeUser(t)]
    await apiFollow(t, ada, { kind: 'user', target: bob.id })
    await dbMakePost(t, bob, { title: 'Before' })
    expect(await feedTitles(t, ada)).toEqual(['Before'])

    await dbMakePost(t, bob, { title: 'Behind its back' })
    expect(await feedTitles(t, ada)).toEqual(['Before'])
    // Another reader of the same URL reads their own feed, never ada's kept page.
    await apiFollow(t, cyd, { kind: 'user', target: bob.id })
    expect(await feedTitles(t, cyd)).toEqual(['Behind its back', 'Before'])
    // That follow was a write: ada reads anew too.
    expect(await feedTitles(t, ada)).toEqual(['Behind its back', 'Before'])
    // Unfollowing empties her feed at once.
    await apiFollow(t, ada, { kind: 'user', target: bob.id }, 'DELETE')
    expect(await feedTitles(t, ada)).toEqual([])
  })

  it('answers the notification list and unread count from memory until a write, and never after a logout', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    expect(await unread(t, ada)).toBe(0)
    expect(await excerpts(t, ada)).toEqual([])
    await notifyQuietly(t, ada, 'quiet one')
    expect(await unread(t, ada)).toBe(0)
    expect(await excerpts(t, ada)).toEqual([])
    expect(await unread(t, bob)).toBe(0)
    // Unless she asks for it read again.
    const fresh = await sendTo(t, ada, 'GET /notifications/unread_count', {
      headers: { 'cache-control': 'no-cache' },
    })
    expect(fresh.json().unread).toBe(1)

    // Bob follows ada: a write. Both of her reads show what the table holds now.
    await apiFollow(t, bob, { kind: 'user', target: ada.id })
    expect(await unread(t, ada)).toBe(1)
    expect(await excerpts(t, ada)).toContain('quiet one')
    // Marking read is a write too.
    const read = await send(t, ada, 'POST', '/api/v1/notifications/read', { all: true })
    expect(read.statusCode, read.body).toBe(200)
    expect(await unread(t, ada)).toBe(0)

    // A logout ends what her token may read, kept answers or not.
    const logout = await send(t, ada, 'POST', '/api/v1/auth/logout')
    expect(logout.statusCode, logout.body).toBe(200)
    const after = await send(t, ada, 'GET', '/api/v1/notifications/unread_count')
    expect(after.statusCode).toBe(401)
    expect(after.json().detail).toMatch(/login/i)
  })
})

describe('what a viewer likes, kept until the next write (READ_CACHE_MS long enough that nothing expires)', () => {
  const t = useTestApp({ READ_CACHE_MS: '60000' })

  it("keeps whether the viewer likes a post and which of a page's comments, for them alone", async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const postId = await dbMakePost(t, bob)
    const [commentId] = await dbMakeComments(t, bob, postId, ['A comment'])
    const isLiked = async (user: User) => {
      const response = await send(t, user, 'GET', `/api/v1/media/${postId}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json().is_liked as boolean
    }
    const likedComments = async (user: User) => {
      const response = await sendCommentList(t, user, postId)
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { _id: string; is_liked: boolean }[])
        .filter((comment) => comment.is_liked)
        .map((comment) => comment._id)
    }
    expect(await isLiked(ada)).toBe(false)
    expect(await likedComments(ada)).toEqual([])
    // Likes written behind the app's back: the kept answers stand…
    await dbLikePost(t, ada, postId)
    await dbLikePost(t, bob, postId)
    await sql`insert into comment_likes (user_id, comment_id) values (${ada.id}, ${commentId}), (${bob.id}, ${commentId})`.execute(
      t.database.db,
    )
    expect(await isLiked(ada)).toBe(false)
    expect(await likedComments(ada)).toEqual([])
    // …and another viewer's are their own, read now.
    expect(await isLiked(bob)).toBe(true)
    expect(await likedComments(bob)).toEqual([commentId])
    // A write (any): ada's are read again.
    await apiFollow(t, bob, { kind: 'tag', target: 'moss' })
    expect(await isLiked(ada)).toBe(true)
    expect(await likedComments(ada)).toEqual([commentId])
  })
})

describe("a reader's own reads with READ_CACHE_MS=0", () => {
  const t = useTestApp({ READ_CACHE_MS: '0' })

  it('reads the database every time', async () => {
    const ada = await makeUser(t)
    expect(await unread(t, ada)).toBe(0)
    await notifyQuietly(t, ada, 'quiet')
    expect(await unread(t, ada)).toBe(1)
    expect(await excerpts(t, ada)).toEqual(['quiet'])
  })
})
