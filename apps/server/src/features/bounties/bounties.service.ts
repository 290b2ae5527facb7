import {
  type AwardBountyRequest,
  BOUNTY_DAYS_MAX,
  BOUNTY_DAYS_MIN,
  type BountyAwardResponse,
  type BountyListResponse,
  type BountyView,
  type CreateBountyRequest,
} from '@agora/contract'
import { v7 as uuidv7 } from 'uuid'
import type { Config } from '../../config'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PaymentRequiredError,
} from '../../http/errors'
import { can, HOUR, readPostAccess, tooNew, viewerOf, visibleOrGone } from '../../policy/index'
import { escrowLedger, tokensToUnits, unitsToWholeTokens } from '../rewards/index'
import { type AwardWithReviewer, type BountyWithFunder, bountiesStore } from './bounties.store'

const DAY_MS = 24 * HOUR
/** Due bounties one run of the deadline job closes (the next run takes the rest). */
const DUE_BATCH = 100
const FUNDED_LISTED = 50

/** The moment a deadline names: a date is the end of that UTC day; 400 unless 1 to 60 days ahead. */
export function deadlineOf(raw: string, now: Date): Date {
  const refuse = () => new BadRequestError('bounty_deadline_invalid')
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw)
  const at = new Date(dateOnly ? `${raw}T23:59:59.999Z` : raw)
  if (Number.isNaN(at.getTime())) throw refuse()
  if (dateOnly) {
    // 2027-02-30 is no date, though Date rolls it over into March.
    if (at.toISOString().slice(0, 10) !== raw) throw refuse()
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    const days = Math.round((Date.parse(`${raw}T00:00:00Z`) - today) / DAY_MS)
    if (days < BOUNTY_DAYS_MIN || days > BOUNTY_DAYS_MAX) throw refuse()
    return at
  }
  const ahead = at.getTime() - now.getTime()
  if (ahead < BOUNTY_DAYS_MIN * DAY_MS || ahead > BOUNTY_DAYS_MAX * DAY_MS) throw refuse()
  return at
}

const summaryOf = (row: { user_id: string; username: string; nickname: string; avatar: string }) => ({
  id: row.user_id,
  username: row.username,
  nickname: row.nickname,
  avatar: row.avatar,
})

function toView(row: BountyWithFunder, awards: AwardWithReviewer[]): BountyView {
  return {
    id: row.id,
    post: { id: row.post_id, title: row.post_title },
    funder: summaryOf(row),
    amount: unitsToWholeTokens(BigInt(row.amount)),
    remaining: unitsToWholeTokens(BigInt(row.remaining)),
    reviews_wanted: row.reviews_wanted,
    deadline: row.deadline.toISOString(),
    status: row.status,
    awards: awards
      .filter((award) => award.bounty_id === row.id)
      .map((award) => ({
        id: award.id,
        review_id: award.review_id,
        reviewer: summaryOf(award),
        amount: unitsToWholeTokens(BigInt(award.amount)),
        created_at: award.created_at.toISOString(),
      })),
    created_at: row.created_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
  }
}

/**
 * Review bounties: funding one moves tokens from the funder's claimable balance into escrow, an
 * award moves a share into a reviewer's earnings, and what is not awarded goes back to the funder
 * on cancel, at the deadline, or when the post goes. Each move is one transaction under the
 * funder's rewards lock or the bounty's row lock, so the ledger stays exact under concurrency.
 */
export function bountiesService(db: Db, config: Config, events: EventBus) {
  const store = bountiesStore(db)

  async function views(rows: BountyWithFunder[]): Promise<BountyView[]> {
    const awards = await store.awardsOf(rows.map((row) => row.id))
    return rows.map((row) => toView(row, awards))
  }

  async function view(id: string): Promise<BountyView> {
    const [row] = await views([(await store.find(id)) as BountyWithFunder])
    return row
  }

  async function visiblePost(postId: string, viewerId: string | null) {
    if (!isId(postId)) throw new NotFoundError('post_not_found')
    return visibleOrGone(db, await readPostAccess(db, postId), postId, viewerId)
  }

  /** The bounty and its post, for a viewer who may see the post (else 404), refused 403 unless they funded it. */
  async function fundedBy(viewerId: string, id: string) {
    const row = isId(id) ? await store.find(id) : undefined
    if (!row) throw new NotFoundError('bounty_not_found')
    const post = await visiblePost(row.post_id, viewerId).catch(() => {
      throw new NotFoundError('bounty_not_found')
    })
    if (row.funder_id !== viewerId) throw new ForbiddenError('bounty_not_funder')
    return { bounty: row, post }
  }

  /** Closes a locked bounty and returns what is left to its funder, once. */
  async function closeAndRefund(
    trx: Db,
    bounty: { id: string; post_id: string; funder_id: string; remaining: string },
    status: 'cancelled' | 'closed',
  ) {
    await bountiesStore(trx).close(bounty.id, status)
    const left = BigInt(bounty.remaining)
    if (left > 0n)
      await escrowLedger(trx, config.rewards).refund(
        bounty.funder_id,
        { kind: 'bounty', id: bounty.id },
        bounty.post_id,
        left,
      )
  }

  /** The checks an award's recipient must pass before anything is written. */
  async function refuseRecipient(bounty: BountyWithFunder, reviewId: string, postAuthorId: string) {
    const review = isId(reviewId)
      ? await db
          .selectFrom('reviews')
          .innerJoin('users', 'users.id', 'reviews.reviewer_id')
          .select([
            'reviews.id',
            'reviews.post_id',
            'reviews.reviewer_id',
            'reviews.withdrawn_at',
            'reviews.moderation',
            'reviews.created_at',
            'users.created_at as reviewer_created_at',
          ])
          .where('reviews.id', '=', reviewId)
          .executeTakeFirst()
      : undefined
    if (!review) throw new NotFoundError('review_not_found')
    if (review.post_id !== bounty.post_id) throw new BadRequestError('bounty_review_elsewhere')
    if (review.withdrawn_at) throw new ConflictError('review_withdrawn')
    if (review.moderation) throw new ConflictError('review_moderated')
    if (review.reviewer_id === bounty.funder_id) throw new ForbiddenError('bounty_award_self')
    if (review.reviewer_id === postAuthorId) throw new ForbiddenError('bounty_award_author')
    if (review.created_at <= bounty.created_at) throw new ConflictError('bounty_review_early')
    const reviewer = { id: review.reviewer_id, created_at: review.reviewer_created_at, trust_override: null }
    if (tooNew(config.trust, reviewer, new Date()))
      throw new ForbiddenError('bounty_award_new_account', {
        params: { hours: config.trust.newAccountHours },
      })
    if (await store.sharesSessions(review.reviewer_id, [bounty.funder_id, postAuthorId]))
      throw new ForbiddenError('bounty_award_shared_sessions')
    return review
  }

  return {
    async fund(viewerId: string, postId: string, input: CreateBountyRequest): Promise<BountyView> {
      const post = await visiblePost(postId, viewerId)
      // What anyone may read is what may carry a bounty: public, and not hidden by a moderator.
      if (!can(viewerOf(null), 'post.read', post)) throw new ForbiddenError('bounty_not_public')
      const deadline = deadlineOf(input.deadline, new Date())
      const amount = tokensToUnits(input.amount)
      const id = uuidv7()
      await inTransaction(db, async (trx) => {
        const ledger = escrowLedger(trx, config.rewards)
        const claimable = await ledger.lockClaimable(viewerId)
        if (amount > claimable)
          throw new PaymentRequiredError('bounty_balance_short', {
            params: { claimable: unitsToWholeTokens(claimable), amount: input.amount },
            errors: [{ field: 'amount', message: `must be at most ${unitsToWholeTokens(claimable)}` }],
          })
        await bountiesStore(trx).add({
          id,
          post_id: post.id,
          funder_id: viewerId,
          amount,
          reviews_wanted: input.reviews_wanted,
          deadline,
        })
        await ledger.escrow(viewerId, id, post.id, amount)
      })
      return view(id)
    },

    async list(viewerId: string | null, postId: string): Promise<BountyListResponse> {
      const post = await visiblePost(postId, viewerId)
      return { items: await views(await store.ofPost(post.id)) }
    },

    async mine(viewerId: string): Promise<BountyListResponse> {
      return { items: await views(await store.ofFunder(viewerId, FUNDED_LISTED)) }
    },

    async award(viewerId: string, id: string, input: AwardBountyRequest): Promise<BountyAwardResponse> {
      const { bounty, post } = await fundedBy(viewerId, id)
      const review = await refuseRecipient(bounty, input.review_id, post.user_id)
      const amount = tokensToUnits(input.amount)
      const awardId = uuidv7()
      await inTransaction(db, async (trx) => {
        const tx = bountiesStore(trx)
        const locked = await tx.lock(bounty.id)
        if (!locked || locked.status !== 'open' || locked.deadline <= new Date())
          throw new ConflictError('bounty_closed')
        const awarded = await tx.awardCount(locked.id)
        if (awarded >= locked.reviews_wanted)
          throw new ConflictError('bounty_awards_full', { params: { wanted: locked.reviews_wanted } })
        const remaining = BigInt(locked.remaining)
        if (amount > remaining)
          throw new ConflictError('bounty_award_too_much', {
            params: { remaining: unitsToWholeTokens(remaining) },
          })
        const added = await tx.addAward({
          id: awardId,
          bounty_id: locked.id,
          review_id: review.id,
          reviewer_id: review.reviewer_id,
          amount,
        })
        if (!added) throw new ConflictError('bounty_award_twice')
        await tx.setRemaining(locked.id, remaining - amount)
        await escrowLedger(trx, config.rewards).award(
          review.reviewer_id,
          { id: awardId, reviewId: review.id, postId: locked.post_id },
          amount,
        )
        // Spent, or every review it asked for awarded: the bounty closes and returns the rest now.
        if (remaining === amount || awarded + 1 === locked.reviews_wanted)
          await closeAndRefund(trx, { ...locked, remaining: (remaining - amount).toString() }, 'closed')
        await events.raise(trx, 'bounty.awarded', [
          {
            bountyId: locked.id,
            awardId,
            reviewId: review.id,
            postId: locked.post_id,
            reviewerId: review.reviewer_id,
            funderId: viewerId,
            amount: input.amount,
          },
        ])
      })
      const updated = await view(bounty.id)
      const award = updated.awards.find((one) => one.id === awardId)
      if (!award) throw new Error('The award just written is not there')
      return { award, bounty: updated }
    },

    async cancel(viewerId: string, id: string): Promise<BountyView> {
      const { bounty } = await fundedBy(viewerId, id)
      await inTransaction(db, async (trx) => {
        const tx = bountiesStore(trx)
        const locked = await tx.lock(bounty.id)
        if (!locked || locked.status !== 'open') throw new ConflictError('bounty_closed')
        if ((await tx.reviewsSince(locked.post_id, locked.created_at)) > 0)
          throw new ConflictError('bounty_has_reviews')
        await closeAndRefund(trx, locked, 'cancelled')
      })
      return view(bounty.id)
    },

    /**
     * The deadline job: closes the bounties due by `now` and returns what each has left. Processes
     * that run it at once each take other rows (skip locked), and a closed bounty is not open again.
     */
    async closeDue(now = new Date()): Promise<number> {
      return inTransaction(db, async (trx) => {
        const due = await bountiesStore(trx).due(now, DUE_BATCH)
        for (const bounty of due) await closeAndRefund(trx, bounty, 'closed')
        return due.length
      })
    },

    /**
     * A review a moderator hid or removed gives its awards back (the ledger reverses them from the
     * reviewer): to its bounty while that is open, else to the funder. Once per award; a restore pays nothing again.
     */
    async reviewModerated(trx: Db, reviewId: string) {
      const tx = bountiesStore(trx)
      for (const award of await tx.takeBackAwards(reviewId)) {
        const bounty = await tx.lock(award.bounty_id)
        if (!bounty) continue
        if (bounty.status === 'open')
          await tx.setRemaining(bounty.id, BigInt(bounty.remaining) + BigInt(award.amount))
        else
          await escrowLedger(trx, config.rewards).refund(
            bounty.funder_id,
            { kind: 'award', id: award.id },
            bounty.post_id,
            BigInt(award.amount),
          )
      }
    },

    /** Before a post goes: its open bounties close and return what is left to their funders. */
    async postRemoved(trx: Db, postId: string) {
      for (const bounty of await bountiesStore(trx).openOnPost(postId))
        await closeAndRefund(trx, bounty, 'closed')
    },
  }
}
export type BountiesService = ReturnType<typeof bountiesService>
