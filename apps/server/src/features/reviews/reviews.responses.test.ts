import type { CreateReviewRequest } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { answerOf, apiMakePost, makeUsers, sendTo, type TestUser } from '../../../test/factories'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'

const t = useTestApp({ COMMENT_RATE_LIMIT: '10000' })

const REVIEW: CreateReviewRequest = {
  summary: `The dataset is well described, but the baseline is tuned less than the proposed method. ${'w'.repeat(150)}`,
  ratings: { soundness: 3, novelty: 4, clarity: 4, reproducibility: 3, significance: 3 },
  confidence: 4,
  competing_interests: 'None',
}

async function reviewed() {
  const [author, reviewer, reader] = await makeUsers(t, 3)
  const { post_id } = await apiMakePost(t, author)
  const created = await sendTo(t, reviewer, 'POST /media/:id/reviews', {
    params: { id: post_id },
    json: REVIEW,
  })
  return {
    author,
    reviewer,
    reader,
    postId: post_id,
    reviewId: answerOf('POST /media/:id/reviews', created)._id,
  }
}
const listFor = async (user: TestUser | null, postId: string) =>
  answerOf(
    'GET /media/:id/reviews',
    await sendTo(t, user, 'GET /media/:id/reviews', { params: { id: postId } }),
  )

describe(`a review's answer and the reader's own marks (${TEST_DB})`, () => {
  it('lists each review with its answer and whether the reader marked it helpful', async () => {
    const { author, reader, postId, reviewId } = await reviewed()
    await sendTo(t, author, 'POST /reviews/:id/response', {
      params: { id: reviewId },
      json: { content: 'Tuned now.' },
    })
    await sendTo(t, reader, 'POST /reviews/:id/helpful', {
      params: { id: reviewId },
      json: { action: 'mark' },
    })
    const [mine] = (await listFor(reader, postId)).items
    expect(mine).toMatchObject({
      marked_helpful: true,
      helpful: 1,
      response: { content: 'Tuned now.', revision: 1 },
    })
    expect((await listFor(author, postId)).items[0].marked_helpful).toBe(false)
    expect((await listFor(null, postId)).items[0].marked_helpful).toBe(false)
  })

  it('lets the author edit the answer, refuses a stale edit with the current one, and keeps the history', async () => {
    const { author, reviewer, reviewId } = await reviewed()
    const edit = (user: TestUser, body: { base_revision: number; content: string }) =>
      sendTo(t, user, 'PATCH /reviews/:id/response', { params: { id: reviewId }, json: body })
    expect((await edit(author, { base_revision: 1, content: 'Too soon' })).statusCode).toBe(404)
    await sendTo(t, author, 'POST /reviews/:id/response', {
      params: { id: reviewId },
      json: { content: 'First answer' },
    })

    const saved = await edit(author, { base_revision: 1, content: 'Second answer, with the new baseline' })
    expect(saved.statusCode).toBe(200)
    expect(answerOf('PATCH /reviews/:id/response', saved)).toMatchObject({
      revision: 2,
      content: 'Second answer, with the new baseline',
    })
    const stale = await edit(author, { base_revision: 1, content: 'From an old tab' })
    expect([stale.statusCode, stale.json().current.revision]).toEqual([409, 2])
    expect((await edit(reviewer, { base_revision: 2, content: 'Not mine to edit' })).json().code).toBe(
      'review_response_author',
    )
    expect((await edit(author, { base_revision: 2, content: '   ' })).statusCode).toBe(400)

    const history = answerOf(
      'GET /reviews/:id/response/revisions',
      await sendTo(t, null, 'GET /reviews/:id/response/revisions', { params: { id: reviewId } }),
    )
    expect(history.items.map((item) => [item.revision, item.content])).toEqual([
      [1, 'First answer'],
      [2, 'Second answer, with the new baseline'],
    ])
  })

  it('answers the list from the shared read cache with each reader’s own marks, and forgets it on a write', async () => {
    const { reader, author, postId, reviewId } = await reviewed()
    await withSecondApp(t, { READ_CACHE_MS: '60000', COMMENT_RATE_LIMIT: '10000' }, async (cached) => {
      const login = async (user: TestUser) => {
        const answer = await sendTo(cached, null, 'POST /auth/token', {
          json: { username: user.username, password: user.password, secure_mode: false },
        })
        return { ...user, headers: { authorization: `Bearer ${answer.json().access_token}` } }
      }
      const [readerThere, authorThere] = [await login(reader), await login(author)]
      const first = async (user: TestUser | null) =>
        answerOf(
          'GET /media/:id/reviews',
          await sendTo(cached, user, 'GET /media/:id/reviews', { params: { id: postId } }),
        ).items[0]
      expect((await first(null)).marked_helpful).toBe(false)
      await sendTo(cached, readerThere, 'POST /reviews/:id/helpful', {
        params: { id: reviewId },
        json: { action: 'mark' },
      })
      expect(await first(readerThere)).toMatchObject({ marked_helpful: true, helpful: 1 })
      expect(await first(authorThere)).toMatchObject({ marked_helpful: false, helpful: 1 })
      expect(await first(null)).toMatchObject({ marked_helpful: false, helpful: 1 })
    })
  })
})
