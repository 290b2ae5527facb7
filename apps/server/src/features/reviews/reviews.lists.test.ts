import type { PostListResponse, ReviewRatings } from '@agora/contract'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import {
  answerOf,
  apiMakePost,
  apiSetSetting,
  dbMakePost,
  dbMakeReview,
  makeUser,
  makeUsers,
  sendPostList,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

const t = useTestApp({ COMMENT_RATE_LIMIT: '10000' })

const SUMMARY = `The method holds up; the ablation in section 4 is convincing. ${'x'.repeat(160)}`
const all = (score: number): ReviewRatings => ({
  soundness: score,
  novelty: score,
  clarity: score,
  reproducibility: score,
  significance: score,
})

/** A review row written directly (no events), withdrawn when asked. */
const dbReview = (postId: string, reviewer: TestUser, ratings: ReviewRatings, withdrawn = false) =>
  dbMakeReview(t, postId, reviewer, { summary: SUMMARY, ratings, withdrawn })

async function forum(user: TestUser | null, query: Record<string, string | number> = {}) {
  const response = await sendPostList(t, user, query)
  expect(response.statusCode, response.body).toBe(200)
  return answerOf('GET /media/list', response)
}

/** Posts made a minute apart, oldest first. */
async function postsInOrder(author: TestUser, count: number) {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    ids.push(await dbMakePost(t, author, { created_at: new Date(Date.UTC(2026, 0, 1, 12, i)) }))
  }
  return ids
}

const idsOf = (page: PostListResponse) => page.items.map((item) => item.id)

describe(`reviews in the forum list (${TEST_DB})`, () => {
  it('gives each card its count of reviews and their mean rating, leaving withdrawn ones out', async () => {
    const [author, a, b, c] = await makeUsers(t, 4)
    const [none, reviewed] = await postsInOrder(author, 2)
    await dbReview(reviewed, a, { soundness: 5, novelty: 4, clarity: 3, reproducibility: 4, significance: 4 })
    await dbReview(reviewed, b, all(2))
    await dbReview(reviewed, c, all(1), true)

    const { items } = await forum(null)
    const byId = new Map(items.map((item) => [item.id, item]))
    expect(byId.get(none)).toMatchObject({ review_count: 0, rating_mean: null })
    // (4 + 2) / 2: each review's average of its five criteria, then their mean.
    expect(byId.get(reviewed)?.review_count).toBe(2)
    expect(byId.get(reviewed)?.rating_mean).toBeCloseTo(3, 6)
  })

  it('counts a review written and withdrawn through the API', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    const written = await sendTo(t, reviewer, 'POST /media/:id/reviews', {
      params: { id: post_id },
      json: { summary: SUMMARY, ratings: all(4), confidence: 4, competing_interests: 'None' },
    })
    expect(written.statusCode, written.body).toBe(201)
    const card = async () => (await forum(author)).items.find((item) => item.id === post_id)
    expect(await card()).toMatchObject({ review_count: 1, rating_mean: 4 })

    const { _id } = answerOf('POST /media/:id/reviews', written)
    expect((await sendTo(t, reviewer, 'DELETE /reviews/:id', { params: { id: _id } })).statusCode).toBe(200)
    expect(await card()).toMatchObject({ review_count: 0, rating_mean: null })
  })

  it('keeps to reviewed works with reviewed=true, a withdrawn review alone not counting', async () => {
    const [author, a] = await makeUsers(t, 2)
    const [plain, reviewed, withdrawn] = await postsInOrder(author, 3)
    await dbReview(reviewed, a, all(3))
    await dbReview(withdrawn, a, all(5), true)

    expect(idsOf(await forum(null, { reviewed: 'true' }))).toEqual([reviewed])
    expect(idsOf(await forum(null, { reviewed: 'false' }))).toEqual([withdrawn, reviewed, plain])
    const bad = await sendPostList(t, null, { reviewed: 'maybe' })
    expect(bad.statusCode).toBe(400)
  })

  it('orders by rating_desc: highest mean first, ties newest first, unreviewed last, across pages', async () => {
    const [author, a, b] = await makeUsers(t, 3)
    const [old, low, tieOld, tieNew, unrated, high, gone] = await postsInOrder(author, 7)
    await dbReview(low, a, all(2))
    await dbReview(tieOld, a, all(4))
    await dbReview(tieNew, a, all(3))
    await dbReview(tieNew, b, all(5))
    await dbReview(high, a, all(5))
    await dbReview(gone, a, all(5), true)
    const expected = [high, tieNew, tieOld, low, gone, unrated, old]

    expect(idsOf(await forum(null, { sort_by: 'rating_desc' }))).toEqual(expected)
    const seen: string[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 10; pages++) {
      const page = await forum(null, { sort_by: 'rating_desc', limit: 2, ...(cursor ? { cursor } : {}) })
      seen.push(...idsOf(page))
      if (!page.next_cursor) break
      cursor = JSON.stringify(page.next_cursor)
    }
    expect(seen).toEqual(expected)
    // The spec's last_id cursor of a rated post resumes by its current rating.
    const resumed = await forum(null, {
      sort_by: 'rating_desc',
      last_id: tieNew,
      last_created_at: new Date(Date.UTC(2026, 0, 1, 12, 3)).toISOString(),
    })
    expect(idsOf(resumed)).toEqual(expected.slice(2))
    expect(idsOf(await forum(null, { sort_by: 'rating_desc', reviewed: 'true' }))).toEqual(
      expected.slice(0, 4),
    )
  })

  it('orders a signed-in reader’s page by rating with their private posts in it', async () => {
    const [author, reader] = await makeUsers(t, 2)
    const [shared] = await postsInOrder(author, 1)
    const own = await dbMakePost(t, reader, { visibility: 'private' })
    await dbReview(shared, reader, all(4))
    expect(idsOf(await forum(reader, { sort_by: 'rating_desc' }))).toEqual([shared, own])
    expect(idsOf(await forum(author, { sort_by: 'rating_desc' }))).toEqual([shared])
  })

  it('names rating_desc among the allowed orders, and refuses it on the offset-paged profile lists', async () => {
    const bad = await sendPostList(t, null, { sort_by: 'best' })
    expect(bad.json().code).toBe('unknown_sort')
    expect(bad.json().detail).toContain('rating_desc')
    const author = await makeUser(t)
    const profile = await sendTo(t, null, 'GET /media/user/:id/posts', {
      params: { id: author.id },
      query: { sort_by: 'rating_desc' },
    })
    expect([profile.statusCode, profile.json().code]).toEqual([400, 'unknown_sort'])
  })
})

describe(`a person's reviews on their profile (${TEST_DB})`, () => {
  const reviewsOf = (
    viewer: TestUser | null,
    username: string,
    query: Record<string, string | number> = {},
  ) => sendTo(t, viewer, 'GET /users/:username/reviews', { params: { username }, query })

  it('lists their reviews newest first in keyset pages, with the post, ratings and helpful count', async () => {
    const [author, reviewer, reader] = await makeUsers(t, 3)
    const [first, second, third] = await postsInOrder(author, 3)
    const r1 = await dbReview(first, reviewer, all(3))
    const r2 = await dbReview(second, reviewer, all(4), true)
    const r3 = await dbReview(third, reviewer, all(5))
    await t.database.db.insertInto('review_helpful').values({ review_id: r3, user_id: reader.id }).execute()

    const page1 = await reviewsOf(null, reviewer.username.toUpperCase(), { limit: 2 })
    expect(page1.statusCode, page1.body).toBe(200)
    const one = answerOf('GET /users/:username/reviews', page1)
    expect(one.items.map((item) => item._id)).toEqual([r3, r2])
    expect(one.items[0]).toMatchObject({
      post: { id: third },
      version: 1,
      ratings: all(5),
      withdrawn: false,
      helpful: 1,
    })
    expect(one.items[1]).toMatchObject({ withdrawn: true, ratings: null })
    const page2 = answerOf(
      'GET /users/:username/reviews',
      await reviewsOf(null, reviewer.username, { limit: 2, cursor: one.next_cursor ?? '' }),
    )
    expect([page2.items.map((item) => item._id), page2.has_next]).toEqual([[r1], false])
  })

  it("hides reviews of another's private post, shows them to its author, and 404s an unknown name", async () => {
    const [author, reviewer, stranger] = await makeUsers(t, 3)
    const [open] = await postsInOrder(author, 1)
    const closed = await dbMakePost(t, author, { visibility: 'private' })
    const shown = await dbReview(open, reviewer, all(4))
    const hidden = await dbReview(closed, reviewer, all(2))

    const ids = async (viewer: TestUser | null) =>
      answerOf('GET /users/:username/reviews', await reviewsOf(viewer, reviewer.username)).items.map(
        (item) => item._id,
      )
    expect(await ids(null)).toEqual([shown])
    expect(await ids(stranger)).toEqual([shown])
    expect(await ids(reviewer)).toEqual([shown])
    expect(await ids(author)).toEqual([hidden, shown])
    expect((await reviewsOf(null, 'nobody_here')).statusCode).toBe(404)
    expect((await reviewsOf(null, reviewer.username, { cursor: 'nope' })).statusCode).toBe(400)
  })

  it('counts their reviews in the profile statistics, as the viewer may see them, withheld with them', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const [open] = await postsInOrder(author, 1)
    const closed = await dbMakePost(t, author, { visibility: 'private' })
    await dbReview(open, reviewer, all(4))
    await dbReview(closed, reviewer, all(2))
    const [other] = await postsInOrder(author, 1)
    await dbReview(other, reviewer, all(1), true)

    const profile = async (viewer: TestUser | null) =>
      answerOf(
        'GET /auth/person_information',
        await sendTo(t, viewer, 'GET /auth/person_information', { query: { user_id: reviewer.id } }),
      )
    expect((await profile(null)).review_count).toBe(1)
    expect((await profile(author)).review_count).toBe(2)
    await apiSetSetting(t, reviewer, 'public_statistics', false)
    expect((await profile(null)).review_count).toBeUndefined()
  })
})
