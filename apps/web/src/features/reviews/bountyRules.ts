/**
 * What the bounty screens decide without a server: the deadline's limits, the amounts a funder may
 * type, which reviews an award may go to, and how figures read. Pure, so it is unit tested.
 *
 *   deadlineLimits(new Date())              // { min: '2026-03-02', max: '2026-04-30' } (UTC days)
 *   checkWholeTokens('12', 10n)             // { problem: 'aboveLimit' }
 */
import type { BountyView, ReviewView } from '@agora/contract'
import { TOKEN_DECIMALS } from '@agora/contract/limits'
import { BOUNTY_AMOUNT_MAX, BOUNTY_DAYS_MAX, BOUNTY_DAYS_MIN } from '../../api/bounties'
import { formatUtcDay } from '../../ui/format'

const DAY_MS = 24 * 60 * 60 * 1000
const TOKEN_SCALE = 10n ** BigInt(TOKEN_DECIMALS)

/** A UTC day as the date input and the server write it. */
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10)

/** The first and last deadline the server takes: days counted from today in UTC, as it counts them. */
export function deadlineLimits(now: Date): { min: string; max: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return { min: isoDay(today + BOUNTY_DAYS_MIN * DAY_MS), max: isoDay(today + BOUNTY_DAYS_MAX * DAY_MS) }
}

/** The deadline the form starts with: two weeks ahead, within the limits. */
export function defaultDeadline(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return isoDay(today + Math.min(14, BOUNTY_DAYS_MAX) * DAY_MS)
}

export type DeadlineProblem = 'missing' | 'invalid' | 'tooSoon' | 'tooLate'

/** Why a typed deadline would be refused, or null. ISO dates compare as text. */
export function deadlineProblem(value: string, now: Date): DeadlineProblem | null {
  if (!value) return 'missing'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return 'invalid'
  if (isoDay(Date.parse(`${value}T00:00:00Z`)) !== value) return 'invalid'
  const { min, max } = deadlineLimits(now)
  if (value < min) return 'tooSoon'
  if (value > max) return 'tooLate'
  return null
}

export type WholeTokensCheck = { amount: number } | { problem: 'invalid' | 'zero' | 'aboveLimit' }

/** A typed amount of whole tokens against a limit (the claimable balance, what a bounty has left). */
export function checkWholeTokens(text: string, limit: bigint | number | null): WholeTokensCheck {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return { problem: 'invalid' }
  const amount = BigInt(trimmed)
  if (amount === 0n) return { problem: 'zero' }
  if (amount > BigInt(BOUNTY_AMOUNT_MAX) || (limit !== null && amount > BigInt(limit)))
    return { problem: 'aboveLimit' }
  return { amount: Number(amount) }
}

/** The whole tokens a balance in base units can fund: a bounty takes no fractions. */
export function wholeTokensOf(units: string): bigint {
  return /^\d+$/.test(units) ? BigInt(units) / TOKEN_SCALE : 0n
}

/** Open bounties, then the cancelled and closed ones (shown collapsed). */
export function splitBounties(bounties: readonly BountyView[]) {
  return {
    open: bounties.filter((bounty) => bounty.status === 'open'),
    ended: bounties.filter((bounty) => bounty.status !== 'open'),
  }
}

/** What each review was awarded in all, from all of the post's bounties. */
export function awardsByReview(bounties: readonly BountyView[]): Map<string, number> {
  const totals = new Map<string, number>()
  for (const bounty of bounties)
    for (const award of bounty.awards)
      totals.set(award.review_id, (totals.get(award.review_id) ?? 0) + award.amount)
  return totals
}

/**
 * The reader's bounties an award to `review` may come from, as the server judges: open, with
 * tokens and places left, not yet awarded to it, opened before it, and not to the funder or author.
 */
export function awardableBounties(
  bounties: readonly BountyView[],
  review: Pick<ReviewView, '_id' | 'created_at' | 'withdrawn' | 'moderation' | 'reviewer'>,
  viewer: { id: string; username: string } | null,
  authorId: string,
): BountyView[] {
  if (!viewer || review.withdrawn || review.moderation) return []
  if (review.reviewer.id === viewer.id || review.reviewer.id === authorId) return []
  return bounties.filter(
    (bounty) =>
      isFunder(bounty, viewer) &&
      bounty.status === 'open' &&
      bounty.remaining > 0 &&
      bounty.awards.length < bounty.reviews_wanted &&
      !bounty.awards.some((award) => award.review_id === review._id) &&
      Date.parse(review.created_at) > Date.parse(bounty.created_at),
  )
}

export function isFunder(bounty: BountyView, viewer: { id: string } | null): boolean {
  return !!viewer && bounty.funder.id === viewer.id
}

/** A deadline as the day it ends, in the reader's language: the UTC day the funder chose. */
export const formatDeadline = formatUtcDay
