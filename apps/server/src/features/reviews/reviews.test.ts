import type { CreateReviewRequest, ReviewListResponse } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import {
  answerOf,
  apiMakePost,
  dbSuspend,
  makeUser,
  makeUsers,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { multipart, pngFile } from '../../../test/files'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'

const t = useTestApp({ COMMENT_RATE_LIMIT: '10000' })

const SUMMARY = `The paper claims that the method converges; the proof in section 3 holds. ${'x'.repeat(150)}`
const review = (overrides: Partial<CreateReviewRequest> = {}): CreateReviewRequest => ({
  summary: SUMMARY,
  ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 },
  confidence: 3,
  competing_interests: 'None',
  ...overrides,
})
const write = (user: TestUser | null, postId: string, body: unknown) =>
  sendTo(t, user, 'POST /media/:id/reviews', { params: { id: postId }, json: body })
const list = (user: TestUser | null, postId: string, query: Record<string, string | number> = {}) =>
  sendTo(t, user, 'GET /media/:id/reviews', { params: { id: postId }, query })

async function newVersion(author: TestUser, postId: string) {
  const form = multipart({ changelog: 'Corrected figure 2' }, [{ name: 'fig.png', data: pngFile(7) }])
  const answer = await sendTo(t, author, 'POST /media/:id/versions', { params: { id: postId }, form })
  expect(answer.statusCode).toBe(201)
}

describe(`open peer review (${TEST_DB})`, () => {
  it('takes a review of the newest version, answers its _id, and shows it with the files it judged', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id, post } = await apiMakePost(t, author)
    const created = await write(reviewer, post_id, review())
    expect(created.statusCode).toBe(201)
    const { _id } = answerOf('POST /media/:id/reviews', created)

    const one = await sendTo(t, null, 'GET /reviews/:id', { params: { id: _id } })
    expect(one.statusCode).toBe(200)
    expect(answerOf('GET /reviews/:id', one)).toMatchObject({
      _id,
      post: { id: post_id },
      version: 1,
      outdated: false,
      cids: post.media.map((file) => file.cid),
      ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 },
      confidence: 3,
      competing_interests: 'None',
      reviewer: { id: reviewer.id, username: reviewer.username, orcid: null },
      helpful: 0,
      response: null,
    })
  })

  it('refuses the author 403, a visitor 401, a second review of a version 409, and takes the next version', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    expect((await write(author, post_id, review())).json().code).toBe('review_own_work')
    expect((await write(null, post_id, review())).statusCode).toBe(401)
    expect((await write(reviewer, post_id, review())).statusCode).toBe(201)
    const again = await write(reviewer, post_id, review())
    expect([again.statusCode, again.json().code]).toEqual([409, 'review_exists'])

    await newVersion(author, post_id)
    expect((await write(reviewer, post_id, review())).statusCode).toBe(201)
    const { items } = answerOf('GET /media/:id/reviews', await list(null, post_id))
    expect(items.map((item) => [item.version, item.outdated])).toEqual([
      [2, false],
      [1, true],
    ])
    expect((await write(reviewer, post_id, review({ version: 3 }))).json().code).toBe('version_not_found')
  })

  it('refuses malformed reviews with 400 naming the field, and writes nothing', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    const refusals = [
      review({ summary: 'Too short.' }),
      review({ summary: `   ${'short '.repeat(20)}   ` }),
      review({ ratings: { soundness: 6, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 } }),
      { ...review(), ratings: { soundness: 4 } },
      review({ confidence: 0 }),
      review({ competing_interests: '   ' }),
      { ...review(), competing_interests: undefined },
    ]
    for (const body of refusals) {
      const answer = await write(reviewer, post_id, body)
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.json()).toMatchObject({ code: 'validation_failed' })
      expect(answer.json().detail).toMatch(/summary|ratings|confidence|competing_interests/)
    }
    expect(answerOf('GET /media/:id/reviews', await list(null, post_id)).aggregate.count).toBe(0)
  })

  it("keeps a blocked or suspended reader from reviewing, and hides a private post's reviews from others", async () => {
    const [author, blocked, suspended, other] = await makeUsers(t, 4)
    const { post_id } = await apiMakePost(t, author)
    expect(
      (await sendTo(t, author, 'POST /users/:id/block', { params: { id: blocked.id } })).statusCode,
    ).toBe(200)
    expect((await write(blocked, post_id, review())).json().code).toBe('review_blocked')
    await dbSuspend(t, suspended)
    expect((await write(suspended, post_id, review())).statusCode).toBe(403)

    const { post_id: privateId } = await apiMakePost(t, author, { visibility: 'private' })
    expect((await write(other, privateId, review())).statusCode).toBe(404)
    expect((await list(other, privateId)).statusCode).toBe(404)
    expect((await write(author, privateId, review())).json().code).toBe('review_own_work')
  })

  it('aggregates per criterion the mean, the confidence-weighted mean and the distribution', async () => {
    const author = await makeUser(t)
    const reviewers = await makeUsers(t, 3)
    const { post_id } = await apiMakePost(t, author)
    const scores = [
      { soundness: 5, confidence: 1 },
      { soundness: 3, confidence: 3 },
      { soundness: 3, confidence: 4 },
    ]
    for (const [index, { soundness, confidence }] of scores.entries()) {
      const ratings = { soundness, novelty: 1, clarity: 2, reproducibility: 3, significance: 4 }
      expect((await write(reviewers[index], post_id, review({ ratings, confidence }))).statusCode).toBe(201)
    }
    const { aggregate } = answerOf('GET /media/:id/reviews', await list(null, post_id))
    expect(aggregate.count).toBe(3)
    expect(aggregate.criteria.soundness.mean).toBeCloseTo(11 / 3)
    expect(aggregate.criteria.soundness.weighted_mean).toBeCloseTo((5 + 9 + 12) / 8)
    expect(aggregate.criteria.soundness.distribution).toEqual([0, 0, 2, 0, 1])
    expect(aggregate.criteria.novelty.distribution).toEqual([3, 0, 0, 0, 0])
  })

  it('pages newest first with a cursor, every review once', async () => {
    const author = await makeUser(t)
    const reviewers = await makeUsers(t, 5)
    const { post_id } = await apiMakePost(t, author)
    const ids: string[] = []
    for (const reviewer of reviewers)
      ids.push(answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))._id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: ReviewListResponse = answerOf(
        'GET /media/:id/reviews',
        await list(null, post_id, { limit: 2, ...(cursor ? { cursor } : {}) }),
      )
      seen.push(...page.items.map((item) => item._id))
      cursor = page.next_cursor
      expect(page.has_next).toBe(cursor !== null)
    } while (cursor)
    expect(seen).toEqual(ids.reverse())
    expect((await list(null, post_id, { cursor: 'nope' })).statusCode).toBe(400)
  })

  it('withdraws a review to a placeholder whose ratings leave the aggregate; only its reviewer may', async () => {
    const [author, reviewer, other] = await makeUsers(t, 3)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const withdraw = (user: TestUser) => sendTo(t, user, 'DELETE /reviews/:id', { params: { id: _id } })
    expect((await withdraw(other)).json().code).toBe('review_not_reviewer')
    expect((await withdraw(author)).json().code).toBe('review_not_reviewer')
    const withdrawn = await withdraw(reviewer)
    expect(withdrawn.statusCode).toBe(200)
    expect(answerOf('DELETE /reviews/:id', withdrawn)).toMatchObject({
      withdrawn: true,
      summary: '',
      ratings: null,
    })
    const { items, aggregate } = answerOf('GET /media/:id/reviews', await list(null, post_id))
    expect(items.map((item) => [item._id, item.withdrawn])).toEqual([[_id, true]])
    expect(aggregate.count).toBe(0)
    expect(aggregate.criteria.clarity).toEqual({
      mean: null,
      weighted_mean: null,
      distribution: [0, 0, 0, 0, 0],
    })
  })

  it("counts readers who find a review helpful, never its reviewer's own mark", async () => {
    const [author, reviewer, reader] = await makeUsers(t, 3)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const mark = (user: TestUser, json?: unknown) =>
      sendTo(t, user, 'POST /reviews/:id/helpful', { params: { id: _id }, json })
    expect((await mark(reviewer)).json().code).toBe('review_own_helpful')
    expect((await mark(reader, { action: 'mark' })).json()).toEqual({ helpful: true, count: 1 })
    expect((await mark(reader, { action: 'mark' })).json()).toEqual({ helpful: true, count: 1 })
    expect((await mark(author)).json()).toEqual({ helpful: true, count: 2 })
    expect((await mark(author)).json()).toEqual({ helpful: false, count: 1 })
    const one = answerOf(
      'GET /reviews/:id',
      await sendTo(t, null, 'GET /reviews/:id', { params: { id: _id } }),
    )
    expect(one.helpful).toBe(1)
  })

  it("lets the work's author answer a review once, shown with the review", async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const respond = (user: TestUser, content: string) =>
      sendTo(t, user, 'POST /reviews/:id/response', { params: { id: _id }, json: { content } })
    expect((await respond(reviewer, 'Thanks to me.')).json().code).toBe('review_response_author')
    expect((await respond(author, '   ')).statusCode).toBe(400)
    const answered = await respond(author, 'We fixed **section 3** in version 2.')
    expect(answered.statusCode).toBe(201)
    expect((await respond(author, 'Again.')).json().code).toBe('review_response_exists')
    const one = answerOf(
      'GET /reviews/:id',
      await sendTo(t, null, 'GET /reviews/:id', { params: { id: _id } }),
    )
    expect(one.response?.content).toBe('We fixed **section 3** in version 2.')
  })

  it('answers 404 for a review that is not there, or of a post the reader may not see', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const edit = await sendTo(t, author, 'PATCH /media/:id', {
      params: { id: post_id },
      json: { base_revision: 1, visibility: 'private' },
    })
    expect(edit.statusCode).toBe(200)
    for (const id of [_id, '0190a000-0000-7000-8000-000000000000', 'nope'])
      expect((await sendTo(t, reviewer, 'GET /reviews/:id', { params: { id } })).json().code).toBe(
        'review_not_found',
      )
    expect((await sendTo(t, author, 'GET /reviews/:id', { params: { id: _id } })).statusCode).toBe(200)
  })

  it('edits a review from its base revision, keeps what it replaced as public history, 409 when stale', async () => {
    const [author, reviewer] = await makeUsers(t, 2)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const edit = (user: TestUser, json: unknown) =>
      sendTo(t, user, 'PATCH /reviews/:id', { params: { id: _id }, json })
    expect((await edit(author, { base_revision: 1, confidence: 5 })).json().code).toBe('review_not_reviewer')
    const ratings = { soundness: 2, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 }
    const edited = await edit(reviewer, { base_revision: 1, ratings, confidence: 5 })
    expect(edited.statusCode).toBe(200)
    expect(answerOf('PATCH /reviews/:id', edited)).toMatchObject({ revision: 2, ratings, confidence: 5 })
    const stale = await edit(reviewer, { base_revision: 1, confidence: 1 })
    expect([stale.statusCode, stale.json().code, stale.json().current.revision]).toEqual([
      409,
      'edit_conflict',
      2,
    ])
    expect((await edit(reviewer, { base_revision: 2, summary: 'short' })).statusCode).toBe(400)
    const unchanged = await edit(reviewer, { base_revision: 2, confidence: 5 })
    expect(answerOf('PATCH /reviews/:id', unchanged).revision).toBe(2)

    const history = await sendTo(t, null, 'GET /reviews/:id/revisions', { params: { id: _id } })
    const { items } = answerOf('GET /reviews/:id/revisions', history)
    expect(items.map((item) => [item.revision, item.ratings.soundness, item.confidence])).toEqual([
      [1, 4, 3],
      [2, 2, 5],
    ])
    const { aggregate } = answerOf('GET /media/:id/reviews', await list(null, post_id))
    expect(aggregate.criteria.soundness.distribution).toEqual([0, 1, 0, 0, 0])
  })

  it('invites a reviewer once per post; the invitee alone accepts or declines, and sees it listed', async () => {
    const [author, invitee, other] = await makeUsers(t, 3)
    const { post_id } = await apiMakePost(t, author)
    const invite = (user: TestUser, reviewer: string, id = post_id) =>
      sendTo(t, user, 'POST /media/:id/review-requests', { params: { id }, json: { reviewer } })
    const created = await invite(author, invitee.username)
    expect(created.statusCode).toBe(201)
    const request = answerOf('POST /media/:id/review-requests', created)
    expect(request).toMatchObject({
      status: 'open',
      reviewer: { id: invitee.id },
      requester: { id: author.id },
    })
    expect((await invite(other, invitee.username)).json().code).toBe('review_request_open')
    expect((await invite(other, author.username)).json().code).toBe('review_request_author')
    expect((await invite(author, 'nobody-by-that-name')).json().code).toBe('user_not_found')
    const { post_id: privateId } = await apiMakePost(t, author, { visibility: 'private' })
    expect((await invite(author, invitee.username, privateId)).json().code).toBe('review_not_public')

    const mine = await sendTo(t, invitee, 'GET /auth/me/review-requests')
    expect(answerOf('GET /auth/me/review-requests', mine).items.map((item) => item._id)).toEqual([
      request._id,
    ])
    const params = { id: request._id }
    expect((await sendTo(t, other, 'POST /review-requests/:id/accept', { params })).statusCode).toBe(404)
    const accepted = await sendTo(t, invitee, 'POST /review-requests/:id/accept', { params })
    expect(answerOf('POST /review-requests/:id/accept', accepted).status).toBe('accepted')
    expect((await sendTo(t, invitee, 'POST /review-requests/:id/decline', { params })).json().code).toBe(
      'review_request_answered',
    )
    // Answered, a new invitation may follow.
    expect((await invite(other, invitee.username)).statusCode).toBe(201)
  })

  it("tells the work's author of a review, the invitee of an invitation, the reviewer of an answer", async () => {
    const [author, reviewer, invitee] = await makeUsers(t, 3)
    const { post_id } = await apiMakePost(t, author)
    const { _id } = answerOf('POST /media/:id/reviews', await write(reviewer, post_id, review()))
    const invited = await sendTo(t, author, 'POST /media/:id/review-requests', {
      params: { id: post_id },
      json: { reviewer: invitee.username },
    })
    expect(invited.statusCode).toBe(201)
    const answered = await sendTo(t, author, 'POST /reviews/:id/response', {
      params: { id: _id },
      json: { content: 'Thank you.' },
    })
    expect(answered.statusCode).toBe(201)
    const kinds = async (user: TestUser) =>
      answerOf('GET /notifications', await sendTo(t, user, 'GET /notifications')).items.map((item) => [
        item.kind,
        item.actor?.id,
        item.post_id,
      ])
    expect(await kinds(author)).toEqual([['review', reviewer.id, post_id]])
    expect(await kinds(invitee)).toEqual([['review_request', author.id, post_id]])
    expect(await kinds(reviewer)).toEqual([['review_response', author.id, post_id]])
  })

  it("holds a new account to the comments' hourly allowance for reviews, as the moderation rules say", async () => {
    await withSecondApp(
      t,
      {
        TRUST_NEW_ACCOUNT_HOURS: '24',
        TRUST_MIN_CONTRIBUTIONS: '3',
        TRUST_NEW_COMMENTS_PER_HOUR: '1',
        COMMENT_RATE_LIMIT: '1000',
      },
      async (second) => {
        const [author, newcomer] = await makeUsers(second, 2)
        const first = await apiMakePost(second, author)
        const other = await apiMakePost(second, author)
        const send = (postId: string) =>
          sendTo(second, newcomer, 'POST /media/:id/reviews', { params: { id: postId }, json: review() })
        expect((await send(first.post_id)).statusCode).toBe(201)
        const refused = await send(other.post_id)
        expect([refused.statusCode, refused.json().code]).toEqual([429, 'new_account_comments'])
      },
    )
  })
})
