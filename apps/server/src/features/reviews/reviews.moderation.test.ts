import type { CreateReviewRequest } from '@agora/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  answerOf,
  apiMakePost,
  makeModerator,
  makeUser,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'

// Reviews are moderated as comments are; a removed review's bounty awards come back once.
const t = useTestApp({
  COMMENT_RATE_LIMIT: '10000',
  REPORT_RATE_LIMIT: '100',
  REWARDS_POST_PUBLISHED: '100',
  REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
  REWARDS_HOLD_HOURS: '0',
})

const TOKEN = 10n ** 9n
const REVIEW: CreateReviewRequest = {
  summary: `The central estimate rests on one sample; the robustness checks do not address it. ${'z'.repeat(150)}`,
  ratings: { soundness: 2, novelty: 3, clarity: 4, reproducibility: 2, significance: 3 },
  confidence: 5,
  competing_interests: 'None',
}
let addresses = 0
const person = () => makeUser(t, { remoteAddress: `10.${++addresses}.1.1` })
const reviewOf = async (user: TestUser, postId: string) =>
  answerOf(
    'POST /media/:id/reviews',
    await sendTo(t, user, 'POST /media/:id/reviews', { params: { id: postId }, json: REVIEW }),
  )._id
const moderate = (moderator: TestUser, id: string, action: 'hide' | 'remove' | 'restore') =>
  sendTo(t, moderator, 'POST /mod/:kind/:id/:action', {
    params: { kind: 'reviews', id, action },
    json: { reason: 'Personal attack' },
  })
const claimable = async (user: TestUser) =>
  BigInt(answerOf('GET /rewards/me', await sendTo(t, user, 'GET /rewards/me')).claimable) / TOKEN

describe(`moderating reviews (${TEST_DB})`, () => {
  it('takes reports of a review, hides it for everyone but its reviewer, and keeps it out of the aggregate', async () => {
    const [author, reviewer, reader] = [await person(), await person(), await person()]
    const moderator = await makeModerator(t)
    const { post_id } = await apiMakePost(t, author)
    const reviewId = await reviewOf(reviewer, post_id)

    const report = await sendTo(t, reader, 'POST /reports', {
      json: { target_type: 'review', target_id: reviewId, reason: 'harassment' },
    })
    expect(report.statusCode).toBe(201)
    const queue = answerOf('GET /mod/reports', await sendTo(t, moderator, 'GET /mod/reports'))
    expect(queue.items.map((item) => [item.target.type, item.target.id, item.target.author_id])).toEqual([
      ['review', reviewId, reviewer.id],
    ])
    expect(queue.items[0].target.excerpt).toContain('central estimate')

    const hidden = await sendTo(t, moderator, 'POST /mod/reports/:id/resolve', {
      params: { id: answerOf('POST /reports', report).id },
      json: { action: 'hide', reason: 'Personal attack' },
    })
    expect(hidden.statusCode).toBe(200)

    const seenBy = async (user: TestUser | null) =>
      answerOf(
        'GET /media/:id/reviews',
        await sendTo(t, user, 'GET /media/:id/reviews', { params: { id: post_id } }),
      )
    const forReader = await seenBy(reader)
    expect(forReader.items[0]).toMatchObject({ moderation: 'hidden', ratings: null, summary: '' })
    expect(forReader.aggregate.count).toBe(0)
    expect((await seenBy(reviewer)).items[0]).toMatchObject({ moderation: 'hidden', ratings: REVIEW.ratings })
    const helpful = await sendTo(t, reader, 'POST /reviews/:id/helpful', { params: { id: reviewId } })
    expect([helpful.statusCode, helpful.json().code]).toEqual([409, 'review_moderated'])

    const log = answerOf('GET /mod/log', await sendTo(t, null, 'GET /mod/log'))
    expect(log.items[0]).toMatchObject({ action: 'hide', target_type: 'review', target_id: reviewId })
    const news = answerOf('GET /notifications', await sendTo(t, reviewer, 'GET /notifications'))
    expect(news.items[0]).toMatchObject({ kind: 'moderation', post_id })

    expect((await moderate(moderator, reviewId, 'restore')).statusCode).toBe(200)
    expect((await seenBy(reader)).aggregate.count).toBe(1)
  })

  it('takes a removed review’s awards back from the reviewer once, into the bounty or to the funder', async () => {
    const [author, funder] = [await person(), await person()]
    const moderator = await makeModerator(t)
    const { post_id } = await apiMakePost(t, author)
    await apiMakePost(t, funder)
    const fund = async (reviewsWanted: number) =>
      answerOf(
        'POST /media/:id/bounties',
        await sendTo(t, funder, 'POST /media/:id/bounties', {
          params: { id: post_id },
          json: {
            amount: 30,
            reviews_wanted: reviewsWanted,
            deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          },
        }),
      )
    const award = (bountyId: string, reviewId: string) =>
      sendTo(t, funder, 'POST /bounties/:id/award', {
        params: { id: bountyId },
        json: { review_id: reviewId, amount: 12 },
      })
    const open = await fund(2)
    const closing = await fund(1)
    const [first, second] = [await person(), await person()]
    const firstReview = await reviewOf(first, post_id)
    const secondReview = await reviewOf(second, post_id)
    expect((await award(open.id, firstReview)).statusCode).toBe(200)
    expect((await award(closing.id, firstReview)).statusCode).toBe(200)
    expect(await claimable(first)).toBe(24n)
    // The closing bounty awarded its one review and returned its other 18 tokens at once.
    expect(await claimable(funder)).toBe(100n - 60n + 18n)

    expect((await moderate(moderator, firstReview, 'remove')).statusCode).toBe(200)
    expect(await claimable(first)).toBe(0n)
    const bounties = answerOf(
      'GET /media/:id/bounties',
      await sendTo(t, null, 'GET /media/:id/bounties', { params: { id: post_id } }),
    )
    expect(bounties.items.find((item) => item.id === open.id)).toMatchObject({ remaining: 30, awards: [] })
    expect(await claimable(funder)).toBe(100n - 60n + 18n + 12n)

    // Restoring pays nothing again, and removing again takes nothing twice.
    expect((await moderate(moderator, firstReview, 'restore')).statusCode).toBe(200)
    expect((await moderate(moderator, firstReview, 'remove')).statusCode).toBe(200)
    expect(await claimable(first)).toBe(0n)
    expect(await claimable(funder)).toBe(70n)
    const { rows } = await sql<{ total: string }>`select sum(amount)::text as total from reward_entries
      where reason in ('bounty_escrow', 'bounty_award', 'bounty_refund') or (reason = 'reversal' and source_kind = 'award')`.execute(
      t.database.db,
    )
    // Every token that left the funder is in the open bounty's escrow: awards and refunds net out.
    expect(BigInt(rows[0].total) / TOKEN).toBe(-30n)
    // The open bounty can award a second review in the first one's place.
    expect((await award(open.id, secondReview)).statusCode).toBe(200)
    const refused = await award(open.id, firstReview)
    expect(refused.json().code).toBe('review_moderated')
  })
})
