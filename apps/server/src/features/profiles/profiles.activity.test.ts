import type { ApiKey } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import {
  apiLikePost,
  apiMakeComment,
  dbMakePost,
  makeUser,
  type Sent,
  send,
  sendTo,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { activityLevelOf, activityWindowStart, summarizeActivity } from './profiles.service'

const t = useTestApp({ COMMENT_RATE_LIMIT: '1000', LIKE_RATE_LIMIT: '1000' })

type User = Awaited<ReturnType<typeof makeUser>>
const DAY = 24 * 3600 * 1000

async function get(key: ApiKey & `GET ${string}`, user?: User, query?: Sent['query']) {
  const response = await sendTo(t, user ?? null, key, { query })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe(`counts and activity (${TEST_DB})`, () => {
  it('counts what was created: posts, comments, likes given and received', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const cy = await makeUser(t)
    const first = await dbMakePost(t, ada, { title: 'First' })
    const second = await dbMakePost(t, ada, { title: 'Second' })
    const hidden = await dbMakePost(t, ada, { title: 'Private notes', visibility: 'private' })
    await apiMakeComment(t, bob, first)
    await apiMakeComment(t, bob, second)
    await apiMakeComment(t, ada, first, { content: 'Thanks!' })
    await apiMakeComment(t, ada, hidden, { content: 'Note to self' })
    await apiLikePost(t, bob, first)
    await apiLikePost(t, bob, second)
    await apiLikePost(t, cy, first)
    await apiLikePost(t, ada, hidden)

    const adaMe = await get('GET /auth/me', ada)
    expect(adaMe.stats).toMatchObject({ posts: 3, comments: 2, likes: 1, likes_received: 4 })
    expect(adaMe).toMatchObject({ posts: 3, comments: 2, likes: 1 })
    const bobMe = await get('GET /auth/me', bob)
    expect(bobMe.stats).toMatchObject({ posts: 0, comments: 2, likes: 2, likes_received: 0 })

    // Strangers count only what they could see: the private post and what happened on it are left out.
    const seen = await get('GET /auth/person_information', bob, { user_id: ada.id })
    expect(seen).toMatchObject({ posts_number: 2, comments_total: 1, comments_post: 3, like_received: 3 })
    const own = await get('GET /auth/person_information', ada, { user_id: ada.id })
    expect(own).toMatchObject({ posts_number: 3, comments_total: 2, comments_post: 4, like_received: 4 })
  })

  it('lists recent activity newest first with type, title, date and link, private items for the owner only', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const base = Date.now() - 10 * DAY
    const bobsPost = await dbMakePost(t, bob, { title: "Bob's dataset", created_at: new Date(base) })
    const adasPost = await dbMakePost(t, ada, {
      title: 'Ada on peer review',
      created_at: new Date(base + DAY),
    })
    const hidden = await dbMakePost(t, ada, {
      title: 'Secret draft',
      visibility: 'private',
      created_at: new Date(base + 2 * DAY),
    })
    const commentId = (await apiMakeComment(t, ada, bobsPost, { content: 'Nice data' }))._id
    await apiLikePost(t, ada, bobsPost)

    const activity = (await get('GET /auth/person_information', undefined, { user_id: ada.id })).activity
    expect(activity.map((item: { type: string; title: string }) => [item.type, item.title])).toEqual([
      ['like', "Bob's dataset"],
      ['comment', "Bob's dataset"],
      ['post', 'Ada on peer review'],
    ])
    expect(activity[0]).toMatchObject({
      id: `like:${bobsPost}`,
      link: `/forum/detail/${bobsPost}`,
      post_id: bobsPost,
    })
    expect(activity[1]).toMatchObject({
      id: commentId,
      link: `/forum/detail/${bobsPost}#${commentId}`,
      comment_id: commentId,
    })
    expect(activity[2]).toMatchObject({ id: adasPost, link: `/forum/detail/${adasPost}` })
    expect(activity[2].date).toBe(new Date(base + DAY).toISOString())
    const dates = activity.map((item: { date: string }) => item.date)
    expect([...dates].sort().reverse()).toEqual(dates)

    const own = (await get('GET /auth/person_information', ada, { user_id: ada.id })).activity
    expect(own.map((item: { title: string }) => item.title)).toContain('Secret draft')
    expect(own.find((item: { title: string }) => item.title === 'Secret draft')).toMatchObject({ id: hidden })
  })

  it('computes the activity level from the last 30 days only', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const fresh = await get('GET /auth/me', ada)
    expect(fresh.stats.activity_level).toBe('Beginner')
    expect(fresh.activity_30d).toMatchObject({ level: 'Beginner', points: 0, percent: 0 })
    expect(fresh.activity_30d.days).toHaveLength(30)

    // Old work counts in the totals but not in the level.
    for (let i = 0; i < 12; i++)
      await dbMakePost(t, ada, { created_at: new Date(Date.now() - (40 + i) * DAY) })
    const old = await get('GET /auth/me', ada)
    expect(old.stats).toMatchObject({ posts: 12, activity_level: 'Beginner' })

    // 3 posts (9 points) + 1 comment (2 points) = 11 points this month: Active.
    const target = await dbMakePost(t, bob)
    for (let i = 0; i < 3; i++) await dbMakePost(t, ada)
    await apiMakeComment(t, ada, target)
    const active = await get('GET /auth/me', ada)
    expect(active.activity_30d).toMatchObject({ level: 'Active', points: 11, percent: 37 })
    expect(active.stats.activity_level).toBe('Active')
    const today = active.activity_30d.days.at(-1)
    expect(today).toEqual({ date: new Date().toISOString().slice(0, 10), posts: 3, comments: 1, likes: 0 })

    // 19 more points: Prolific.
    for (let i = 0; i < 6; i++) await dbMakePost(t, ada)
    await apiLikePost(t, ada, target)
    const prolific = await get('GET /auth/me', ada)
    expect(prolific.activity_30d).toMatchObject({ level: 'Prolific', points: 30, percent: 100 })
  })

  it('puts the level thresholds where the contract says', () => {
    expect([0, 9, 10, 29, 30, 500].map(activityLevelOf)).toEqual([
      'Beginner',
      'Beginner',
      'Active',
      'Active',
      'Prolific',
      'Prolific',
    ])
    const now = new Date('2026-03-31T23:59:00Z')
    expect(activityWindowStart(now).toISOString()).toBe('2026-03-02T00:00:00.000Z')
    const summary = summarizeActivity(
      [
        { day: '2026-03-01', kind: 'post', n: 5 },
        { day: '2026-03-02', kind: 'comment', n: 2 },
        { day: '2026-03-31', kind: 'like', n: 3 },
      ],
      now,
    )
    expect(summary.days[0]).toEqual({ date: '2026-03-02', posts: 0, comments: 2, likes: 0 })
    expect(summary.days.at(-1)).toEqual({ date: '2026-03-31', posts: 0, comments: 0, likes: 3 })
    expect(summary).toMatchObject({ points: 7, level: 'Beginner', percent: 23 })
  })
})

describe(`own comments list (${TEST_DB})`, () => {
  it('pages by skip and limit, 12 by default, newest first', async () => {
    const ada = await makeUser(t)
    const postId = await dbMakePost(t, ada, { title: 'Thread' })
    const ids: string[] = []
    for (let i = 0; i < 15; i++)
      ids.push((await apiMakeComment(t, ada, postId, { content: `Comment ${i}` }))._id)
    const newestFirst = [...ids].reverse()

    const first = await get('GET /auth/me/comments', ada)
    expect(first).toHaveLength(12)
    expect(first.map((item: { _id: string }) => item._id)).toEqual(newestFirst.slice(0, 12))
    expect(first[0]).toMatchObject({
      id: newestFirst[0],
      postId,
      postTitle: 'Thread',
      content: 'Comment 14',
      level: 1,
      link: `/forum/detail/${postId}#${newestFirst[0]}`,
    })
    const rest = await get('GET /auth/me/comments', ada, { skip: '12', limit: '12' })
    expect(rest.map((item: { _id: string }) => item._id)).toEqual(newestFirst.slice(12))
    expect(await get('GET /auth/me/comments', ada, { skip: '15' })).toEqual([])

    const oldest = await get('GET /auth/me/comments', ada, { limit: '2', sort_by: 'recent_asc' })
    expect(oldest.map((item: { _id: string }) => item._id)).toEqual(ids.slice(0, 2))
  })

  it("filters by the post's media type and shows only the caller's comments", async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const video = await dbMakePost(t, bob, { media_type: 'video' })
    const doc = await dbMakePost(t, bob, { media_type: 'document' })
    const onVideo = (await apiMakeComment(t, ada, video))._id
    await apiMakeComment(t, ada, doc)
    await apiMakeComment(t, bob, video)
    const videos = await get('GET /auth/me/comments', ada, { media_type: 'video' })
    expect(videos.map((item: { _id: string }) => item._id)).toEqual([onVideo])
    expect(await get('GET /auth/me/comments', ada, { media_type: 'all' })).toHaveLength(2)
  })

  it('needs a login and refuses an unknown sort or media type', async () => {
    const anonymous = await sendTo(t, null, 'GET /auth/me/comments')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().detail).toBe('Please login to view your content')
    const ada = await makeUser(t)
    const bad = await send(t, ada, 'GET', '/api/v1/auth/me/comments?sort_by=random')
    expect(bad.statusCode).toBe(400)
    const badType = await send(t, ada, 'GET', '/api/v1/auth/me/comments?media_type=hologram')
    expect(badType.statusCode).toBe(400)
  })
})

describe(`own posts and liked lists (${TEST_DB})`, () => {
  it('lists my posts, private ones included, 12 a page', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const ids: string[] = []
    for (let i = 0; i < 14; i++) {
      ids.push(
        await dbMakePost(t, ada, {
          title: `Ada ${i}`,
          visibility: i === 13 ? 'private' : 'public',
          created_at: new Date(Date.now() - (20 - i) * 60_000),
        }),
      )
    }
    await dbMakePost(t, bob)
    const newestFirst = [...ids].reverse()

    const first = await get('GET /auth/me/posts', ada)
    expect(first.map((post: { id: string }) => post.id)).toEqual(newestFirst.slice(0, 12))
    expect(first[0]).toMatchObject({
      _id: ids[13],
      title: 'Ada 13',
      visibility: 'private',
      user_id: ada.id,
      likes: 0,
    })
    const second = await get('GET /auth/me/posts', ada, { skip: '12', limit: '12' })
    expect(second.map((post: { id: string }) => post.id)).toEqual(newestFirst.slice(12))
    const oldest = await get('GET /auth/me/posts', ada, { limit: '1', sort_by: 'recent_asc' })
    expect(oldest.map((post: { id: string }) => post.id)).toEqual([ids[0]])

    const anonymous = await sendTo(t, null, 'GET /auth/me/posts')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().detail).toBe('Please login to view your content')
  })

  it('lists the posts I liked, newest like first, 12 a page', async () => {
    const ada = await makeUser(t)
    const bob = await makeUser(t)
    const liked: string[] = []
    for (let i = 0; i < 13; i++) {
      const postId = await dbMakePost(t, bob, { title: `Bob ${i}` })
      await apiLikePost(t, ada, postId)
      liked.push(postId)
    }
    await apiLikePost(t, bob, liked[0])
    const newestLikeFirst = [...liked].reverse()

    const first = await get('GET /auth/me/liked', ada)
    expect(first.map((post: { id: string }) => post.id)).toEqual(newestLikeFirst.slice(0, 12))
    const second = await get('GET /auth/me/liked', ada, { skip: '12' })
    expect(second.map((post: { id: string }) => post.id)).toEqual(newestLikeFirst.slice(12))
    expect(second[0]).toMatchObject({ title: 'Bob 0', likes: 2, user_name: bob.username })
    expect(await get('GET /auth/me/liked', bob)).toHaveLength(1)
    expect((await sendTo(t, null, 'GET /auth/me/liked')).statusCode).toBe(401)
  })
})
