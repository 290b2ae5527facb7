import type { CreateBountyRequest, CreateReviewRequest } from '@agora/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { answerOf, apiMakePost, makeUser, sendTo, type TestUser } from '../../../test/factories'
import { TEST_DB, useTestApp, withSecondApp } from '../../../test/harness'
import { bountiesService } from './bounties.service'

// A post earns its author 100 tokens at once (no age, no hold): a funder's balance, earned for real.
const ENV = {
  COMMENT_RATE_LIMIT: '10000',
  REWARDS_POST_PUBLISHED: '100',
  REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
  REWARDS_HOLD_HOURS: '0',
}
const t = useTestApp(ENV)

const TOKEN = 10n ** 9n
const DAY = 24 * 3600_000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
const REVIEW: CreateReviewRequest = {
  summary: `The method holds up: the ablation in section 4 supports the central claim. ${'y'.repeat(150)}`,
  ratings: { soundness: 4, novelty: 4, clarity: 3, reproducibility: 5, significance: 4 },
  confidence: 4,
  competing_interests: 'None',
}

let addresses = 0
/** A user signed in from a device of their own: others' sessions are not theirs. */
const person = () => makeUser(t, { remoteAddress: `10.${++addresses}.0.1` })

const fund = (user: TestUser | null, postId: string, body: Partial<CreateBountyRequest> = {}) =>
  sendTo(t, user, 'POST /media/:id/bounties', {
    params: { id: postId },
    json: { amount: 30, reviews_wanted: 2, deadline: inDays(14), ...body },
  })
const award = (user: TestUser, bountyId: string, reviewId: string, amount: number) =>
  sendTo(t, user, 'POST /bounties/:id/award', {
    params: { id: bountyId },
    json: { review_id: reviewId, amount },
  })
const reviewOf = async (user: TestUser, postId: string) =>
  answerOf(
    'POST /media/:id/reviews',
    await sendTo(t, user, 'POST /media/:id/reviews', { params: { id: postId }, json: REVIEW }),
  )._id
const me = async (user: TestUser) => answerOf('GET /rewards/me', await sendTo(t, user, 'GET /rewards/me'))

/** An author with a post, and a funder holding the 100 tokens their own post earned. */
async function stage() {
  const [author, funder] = [await person(), await person()]
  const { post_id } = await apiMakePost(t, author)
  await apiMakePost(t, funder)
  expect((await me(funder)).claimable).toBe((100n * TOKEN).toString())
  return { author, funder, postId: post_id }
}

/** Entries of these reasons, by user, in whole tokens. */
async function moves(reason: string) {
  const rows = await t.database.db
    .selectFrom('reward_entries')
    .select(['user_id', sql<string>`amount::text`.as('amount')])
    .where('reason', '=', reason as 'bounty_escrow')
    .execute()
  return rows.map((row) => ({ user_id: row.user_id, tokens: Number(BigInt(row.amount) / TOKEN) }))
}

describe(`review bounties (${TEST_DB})`, () => {
  it('moves the amount into escrow at once, as a ledger entry, and lists the bounty', async () => {
    const { funder, postId } = await stage()
    const created = await fund(funder, postId)
    expect(created.statusCode).toBe(201)
    const bounty = answerOf('POST /media/:id/bounties', created)
    expect(bounty).toMatchObject({ amount: 30, remaining: 30, reviews_wanted: 2, status: 'open', awards: [] })
    expect(bounty.funder.username).toBe(funder.username)

    const rewards = await me(funder)
    expect(rewards.claimable).toBe((70n * TOKEN).toString())
    expect(rewards.entries[0]).toMatchObject({
      reason: 'bounty_escrow',
      amount: (-30n * TOKEN).toString(),
      source: { kind: 'bounty', id: bounty.id, post_id: postId },
    })
    const listed = answerOf(
      'GET /media/:id/bounties',
      await sendTo(t, null, 'GET /media/:id/bounties', { params: { id: postId } }),
    )
    expect(listed.items.map((item) => item.id)).toEqual([bounty.id])
    const mine = answerOf('GET /auth/me/bounties', await sendTo(t, funder, 'GET /auth/me/bounties'))
    expect(mine.items.map((item) => [item.id, item.post.id])).toEqual([[bounty.id, postId]])
  })

  it('refuses what it cannot take with a clear code, and writes nothing', async () => {
    const { author, funder, postId } = await stage()
    expect((await fund(null, postId)).statusCode).toBe(401)
    const short = await fund(funder, postId, { amount: 101 })
    expect([short.statusCode, short.json().code, short.json().params]).toEqual([
      402,
      'bounty_balance_short',
      { claimable: 100, amount: 101 },
    ])
    for (const deadline of [inDays(0), inDays(61), '2026-99-99', '2027-02-30', '2027-02-30T25:00:00Z'])
      expect((await fund(funder, postId, { deadline })).json().code, deadline).toBe('bounty_deadline_invalid')
    for (const body of [{ amount: 0 }, { reviews_wanted: 6 }, { amount: 1.5 }])
      expect((await fund(funder, postId, body)).statusCode).toBe(400)
    const hidden = await apiMakePost(t, author, { visibility: 'private' })
    expect((await fund(funder, hidden.post_id)).statusCode).toBe(404)
    expect((await fund(author, hidden.post_id)).json().code).toBe('bounty_not_public')

    expect(await moves('bounty_escrow')).toEqual([])
    expect((await me(funder)).claimable).toBe((100n * TOKEN).toString())
    expect(await t.database.db.selectFrom('bounties').select('id').execute()).toEqual([])
  })

  it('never overdraws: of 20 fundings at once that exceed the balance, exactly those it covers are escrowed', async () => {
    const { funder, postId } = await stage()
    const answers = await Promise.all(Array.from({ length: 20 }, () => fund(funder, postId, { amount: 7 })))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(14)
    expect(statuses.filter((status) => status === 402)).toHaveLength(6)
    expect((await me(funder)).balance).toBe((2n * TOKEN).toString())
    const escrowed = await moves('bounty_escrow')
    expect(escrowed).toHaveLength(14)
    expect(escrowed.reduce((sum, entry) => sum + entry.tokens, 0)).toBe(-98)
    const bounties = await t.database.db
      .selectFrom('bounties')
      .select('id')
      .where('funder_id', '=', funder.id)
      .execute()
    expect(bounties).toHaveLength(14)
  })

  it('awards shares to reviews posted after it opened, as the reviewers’ earnings, and tells them', async () => {
    const { author, funder, postId } = await stage()
    const early = await person()
    const earlyReview = await reviewOf(early, postId)
    const bounty = answerOf(
      'POST /media/:id/bounties',
      await fund(funder, postId, { amount: 30, reviews_wanted: 2 }),
    )
    const reviewer = await person()
    const reviewId = await reviewOf(reviewer, postId)

    const given = await award(funder, bounty.id, reviewId, 12)
    expect(given.statusCode, given.body).toBe(200)
    const { award: awarded, bounty: after } = answerOf('POST /bounties/:id/award', given)
    expect(awarded).toMatchObject({
      review_id: reviewId,
      amount: 12,
      reviewer: { username: reviewer.username },
    })
    expect(after).toMatchObject({ remaining: 18, status: 'open' })
    const earned = await me(reviewer)
    expect(earned.entries[0]).toMatchObject({
      reason: 'bounty_award',
      amount: (12n * TOKEN).toString(),
      source: { kind: 'award', id: awarded.id, post_id: postId },
    })
    expect(earned.claimable).toBe((12n * TOKEN).toString())
    const news = answerOf('GET /notifications', await sendTo(t, reviewer, 'GET /notifications'))
    expect(news.items[0]).toMatchObject({
      kind: 'bounty_award',
      actor: { username: funder.username },
      post_id: postId,
      amount: (12n * TOKEN).toString(),
    })

    expect((await award(funder, bounty.id, reviewId, 1)).json().code).toBe('bounty_award_twice')
    expect((await award(funder, bounty.id, earlyReview, 1)).json().code).toBe('bounty_review_early')
    expect((await award(author, bounty.id, reviewId, 1)).json().code).toBe('bounty_not_funder')
    const second = await reviewOf(await person(), postId)
    const tooMuch = await award(funder, bounty.id, second, 19)
    expect([tooMuch.statusCode, tooMuch.json().params]).toEqual([409, { remaining: 18 }])
    const ownReview = await reviewOf(funder, postId)
    expect((await award(funder, bounty.id, ownReview, 1)).json().code).toBe('bounty_award_self')
    expect(await moves('bounty_award')).toHaveLength(1)
  })

  it('refuses awards to accounts that share the funder’s or author’s device, or are too new', async () => {
    const { author, funder, postId } = await stage()
    const bounty = answerOf('POST /media/:id/bounties', await fund(funder, postId))
    // Signed in from the author's address with the same browser: a second account of theirs, as far as we can tell.
    const puppet = await makeUser(t, { remoteAddress: '10.200.0.9' })
    await sendTo(t, null, 'POST /auth/token', {
      remoteAddress: '10.200.0.9',
      json: { username: author.username, password: author.password, secure_mode: false },
    })
    const puppetReview = await reviewOf(puppet, postId)
    expect((await award(funder, bounty.id, puppetReview, 5)).json().code).toBe('bounty_award_shared_sessions')

    // Where accounts are new for a day, a reviewer who joined just now cannot be awarded yet.
    await withSecondApp(t, { ...ENV, TRUST_NEW_ACCOUNT_HOURS: '24' }, async (second) => {
      const login = async (user: TestUser, remoteAddress: string) => {
        const answer = await sendTo(second, null, 'POST /auth/token', {
          remoteAddress,
          json: { username: user.username, password: user.password, secure_mode: false },
        })
        return { ...user, headers: { authorization: `Bearer ${answer.json().access_token}` } }
      }
      const fresh = await makeUser(second, { remoteAddress: '10.201.0.1' })
      const review = await sendTo(second, fresh, 'POST /media/:id/reviews', {
        params: { id: postId },
        json: REVIEW,
      })
      const funderThere = await login(funder, '10.202.0.1')
      const refused = await sendTo(second, funderThere, 'POST /bounties/:id/award', {
        params: { id: bounty.id },
        json: { review_id: review.json()._id, amount: 5 },
      })
      expect([refused.statusCode, refused.json().code, refused.json().params]).toEqual([
        403,
        'bounty_award_new_account',
        { hours: 24 },
      ])
    })
    expect(await moves('bounty_award')).toEqual([])
  })

  it('closes when every review it asked for is awarded, and returns the rest to the funder at once', async () => {
    const { funder, postId } = await stage()
    const bounty = answerOf(
      'POST /media/:id/bounties',
      await fund(funder, postId, { amount: 30, reviews_wanted: 1 }),
    )
    const reviewId = await reviewOf(await person(), postId)
    const { bounty: after } = answerOf(
      'POST /bounties/:id/award',
      await award(funder, bounty.id, reviewId, 10),
    )
    expect(after).toMatchObject({ status: 'closed', remaining: 0 })
    expect((await me(funder)).claimable).toBe((90n * TOKEN).toString())
    expect((await award(funder, bounty.id, await reviewOf(await person(), postId), 1)).json().code).toBe(
      'bounty_closed',
    )
  })

  it('is cancelled, with the escrow back, only before a review arrived', async () => {
    const { author, funder, postId } = await stage()
    const first = answerOf('POST /media/:id/bounties', await fund(funder, postId, { amount: 20 }))
    const cancel = (user: TestUser, id: string) =>
      sendTo(t, user, 'POST /bounties/:id/cancel', { params: { id } })
    expect((await cancel(author, first.id)).json().code).toBe('bounty_not_funder')
    const cancelled = answerOf('POST /bounties/:id/cancel', await cancel(funder, first.id))
    expect(cancelled).toMatchObject({ status: 'cancelled', remaining: 0 })
    expect((await me(funder)).claimable).toBe((100n * TOKEN).toString())
    expect((await cancel(funder, first.id)).json().code).toBe('bounty_closed')

    const second = answerOf('POST /media/:id/bounties', await fund(funder, postId, { amount: 20 }))
    await reviewOf(await person(), postId)
    expect((await cancel(funder, second.id)).json().code).toBe('bounty_has_reviews')
  })

  it('returns what was not awarded at the deadline, once, however many runs of the job overlap', async () => {
    const { funder, postId } = await stage()
    const bounty = answerOf('POST /media/:id/bounties', await fund(funder, postId, { amount: 40 }))
    const reviewId = await reviewOf(await person(), postId)
    await award(funder, bounty.id, reviewId, 15)
    const jobs = bountiesService(t.database.db, t.config, t.app.ctx.events)
    expect(await jobs.closeDue()).toBe(0)
    const later = new Date(Date.now() + 15 * DAY)
    const closed = await Promise.all([jobs.closeDue(later), jobs.closeDue(later), jobs.closeDue(later)])
    expect(closed.reduce((sum, n) => sum + n, 0)).toBe(1)
    expect(await moves('bounty_refund')).toEqual([{ user_id: funder.id, tokens: 25 }])
    expect((await me(funder)).claimable).toBe((85n * TOKEN).toString())
    const listed = answerOf(
      'GET /media/:id/bounties',
      await sendTo(t, null, 'GET /media/:id/bounties', { params: { id: postId } }),
    )
    expect(listed.items[0]).toMatchObject({ status: 'closed', remaining: 0, awards: [{ amount: 15 }] })
  })

  it('returns an open bounty’s escrow when its post is deleted', async () => {
    const { author, funder, postId } = await stage()
    await fund(funder, postId, { amount: 30 })
    const deleted = await sendTo(t, author, 'DELETE /media/:id/delete', { params: { id: postId } })
    expect(deleted.statusCode).toBeLessThan(300)
    expect(await moves('bounty_refund')).toEqual([{ user_id: funder.id, tokens: 30 }])
    expect((await me(funder)).claimable).toBe((100n * TOKEN).toString())
  })
})
