import type { ContentKind, RewardReason, RewardRulesResponse } from '@agora/contract'
import type { EarningReason, RewardsConfig } from '../../config'

// The reward rules, all of them: what earns, how much (amounts from config), who may earn, how
// often a day, what a like or a delete takes back, and what can be claimed. The features whose
// actions earn (posts, comments, analysis) only describe the action; this file decides.

/** Base units per token: the token has 9 decimals, and so do ledger amounts. */
export const DECIMALS = 9
const UNITS_PER_TOKEN = 10n ** BigInt(DECIMALS)
const HOUR_MS = 3600_000

/** The reasons that earn, in the order the rules endpoint lists them. */
export const EARNING_REASONS: readonly EarningReason[] = [
  'post_published',
  'comment_written',
  'post_like_received',
  'comment_like_received',
  'upload_analysed',
]
/** Entries that move tokens out or back (claims, bounty escrow): not part of what a user earned. */
export const MOVING_REASONS: readonly RewardReason[] = [
  'claim',
  'claim_refund',
  'bounty_escrow',
  'bounty_refund',
]
/** Entries held before they can be claimed: the earnings, and the bounty awards a reviewer receives. */
export const HELD_REASONS: readonly RewardReason[] = [...EARNING_REASONS, 'bounty_award']

export const tokensToUnits = (tokens: number): bigint => BigInt(tokens) * UNITS_PER_TOKEN

/** Base units as a number of whole tokens (rounded down), for headline figures. */
export const unitsToWholeTokens = (units: bigint) => Number(units / UNITS_PER_TOKEN)

/** Base units as whole-and-fractional tokens for messages: 12500000000 → "12.5". */
export function unitsToTokens(units: bigint): string {
  const sign = units < 0n ? '-' : ''
  const abs = units < 0n ? -units : units
  const fraction = (abs % UNITS_PER_TOKEN).toString().padStart(DECIMALS, '0').replace(/0+$/, '')
  return `${sign}${abs / UNITS_PER_TOKEN}${fraction ? `.${fraction}` : ''}`
}

/** An action that may earn its author tokens, described by the feature that performed it. */
export interface Earning {
  userId: string
  reason: EarningReason
  source: { kind: ContentKind | 'like'; id: string }
  /** The post or comment the entry is about: deleting it reverses the entry. */
  targetId: string
  postId: string
}

/** A like has no id of its own: it is the liked content and the liker. */
export const likeSourceId = (targetId: string, likerId: string) => `${targetId}:${likerId}`

export const postPublished = (post: { id: string; user_id: string }): Earning => ({
  userId: post.user_id,
  reason: 'post_published',
  source: { kind: 'post', id: post.id },
  targetId: post.id,
  postId: post.id,
})

/** A post whose analysis completed earns its author once more, when it carries media files. */
export const uploadAnalysed = (post: { id: string; user_id: string }, fileCount: number): Earning | null =>
  fileCount > 0 ? { ...postPublished(post), reason: 'upload_analysed' } : null

export const commentWritten = (comment: { id: string; user_id: string; post_id: string }): Earning => ({
  userId: comment.user_id,
  reason: 'comment_written',
  source: { kind: 'comment', id: comment.id },
  targetId: comment.id,
  postId: comment.post_id,
})

/**
 * A like earns the liked content's author; liking your own content earns nothing (null). A like
 * earns at most once, ever: withdrawing and giving it again does not earn a second time.
 */
export function likeReceived(
  kind: ContentKind,
  liked: { id: string; user_id: string; post_id: string },
  likerId: string,
): Earning | null {
  if (liked.user_id === likerId) return null
  return {
    userId: liked.user_id,
    reason: kind === 'post' ? 'post_like_received' : 'comment_like_received',
    source: { kind: 'like', id: likeSourceId(liked.id, likerId) },
    targetId: liked.id,
    postId: liked.post_id,
  }
}

export interface RuleOf {
  amount: bigint
  /** Entries of this reason a user may earn per UTC day; null: no cap (configured as 0). */
  dailyCap: number | null
}

export function ruleOf(config: RewardsConfig, reason: EarningReason): RuleOf {
  const rule = config.rules[reason]
  return { amount: tokensToUnits(rule.amount), dailyCap: rule.dailyCap > 0 ? rule.dailyCap : null }
}

/** The UTC day `at` falls in ('YYYY-MM-DD'): the window a daily cap counts. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10)

/** What an earning of one reason must meet at a moment to pay: the store applies it in SQL. */
export interface EarningTerms {
  amount: bigint
  /** Entries of the reason a user may earn on `day`; null: no cap. */
  dailyCap: number | null
  /** Accounts made after this are too new to earn. */
  bornBefore: Date
  /** The UTC day whose cap counts ('YYYY-MM-DD'). */
  day: string
}

/**
 * The terms an earning of `reason` made at `at` pays under, or null when the rule is off (amount 0).
 * It pays when the earner's account is at least the minimum age, the earner is under the day's cap
 * for the reason, and its source never earned before.
 */
export function termsOf(config: RewardsConfig, reason: EarningReason, at: Date): EarningTerms | null {
  const rule = ruleOf(config, reason)
  if (rule.amount === 0n) return null
  return {
    amount: rule.amount,
    dailyCap: rule.dailyCap,
    bornBefore: new Date(at.getTime() - config.minAccountAgeHours * HOUR_MS),
    day: utcDay(at),
  }
}

/** Earnings made after this moment are still held: not claimable yet. */
export const holdStart = (config: RewardsConfig, now: Date) =>
  new Date(now.getTime() - config.holdHours * HOUR_MS)

/**
 * What can be claimed: the balance less the earnings still inside the hold period, never below
 * zero (and so never more than the balance, as held earnings are positive).
 */
export function claimableOf(balance: bigint, held: bigint): bigint {
  const claimable = balance - held
  return claimable > 0n ? claimable : 0n
}

export function rulesView(config: RewardsConfig): RewardRulesResponse {
  return {
    decimals: DECIMALS,
    rules: EARNING_REASONS.map((reason) => {
      const rule = ruleOf(config, reason)
      return { reason, amount: rule.amount.toString(), daily_cap: rule.dailyCap }
    }),
    min_account_age_hours: config.minAccountAgeHours,
    hold_hours: config.holdHours,
    min_claim: tokensToUnits(config.minClaim).toString(),
  }
}
