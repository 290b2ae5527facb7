import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import { ExplorerUrl, SolanaAddress } from './token'
import { UserSummary } from './user-fields'

/**
 * Rewards: an append-only ledger of token amounts. Every amount in this API is a decimal string of
 * integer base units (10^-9 tokens, the token's 9 decimals), signed where it can be negative, so
 * sums stay exact; the web formats them for display.
 */
export const Units = Type.String({
  pattern: '^-?[0-9]+$',
  maxLength: 40,
  description: 'Integer base units (10^-9 tokens)',
})

/** Why a ledger entry exists. Earning reasons first, then the entries that move tokens out or back. */
export const RewardReason = Type.Union([
  Type.Literal('post_published'),
  Type.Literal('comment_written'),
  Type.Literal('post_like_received'),
  Type.Literal('comment_like_received'),
  Type.Literal('upload_analysed'),
  /** Undoes an earlier entry (like withdrawn, content deleted); `source` names the entry's source. */
  Type.Literal('reversal'),
  /** Tokens moved on chain to the user's wallet (negative). */
  Type.Literal('claim'),
  /** A claim whose transfer failed, credited back (positive). */
  Type.Literal('claim_refund'),
  /** Tokens a funder put into a review bounty's escrow (negative). */
  Type.Literal('bounty_escrow'),
  /** A share of a bounty awarded to a review (the reviewer's earnings, held like the others). */
  Type.Literal('bounty_award'),
  /** What a bounty did not award, back to its funder at the deadline or on cancel (positive). */
  Type.Literal('bounty_refund'),
])
export type RewardReason = Static<typeof RewardReason>

/** The row an entry is about. */
export const RewardSource = Type.Object({
  kind: LiteralUnion('post', 'comment', 'like', 'claim', 'bounty', 'award'),
  id: Type.String(),
  /** The post to link to, when the source is (on) a post that still exists. */
  post_id: Nullable(Type.String()),
})
export type RewardSource = Static<typeof RewardSource>

export const RewardEntry = Type.Object({
  id: Type.String(),
  amount: Units,
  reason: RewardReason,
  source: RewardSource,
  created_at: Type.String({ format: 'date-time' }),
})
export type RewardEntry = Static<typeof RewardEntry>

export const RewardClaim = Type.Object({
  id: Type.String(),
  amount: Units,
  address: Type.String(),
  status: LiteralUnion('pending', 'paid', 'failed'),
  signature: Nullable(Type.String()),
  explorer_url: ExplorerUrl,
  /** Why a failed claim failed, in words. */
  failure: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
})
export type RewardClaim = Static<typeof RewardClaim>

/** How many entries a page of a rewards list holds. */
const PageLimit = Type.Integer({ minimum: 1, maximum: 100, default: 20 })

/** GET /api/v1/rewards/me?cursor=&limit= (signed in). Entries newest first, keyset paged. */
export const RewardsMeQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(PageLimit),
})
export type RewardsMeQuery = Static<typeof RewardsMeQuery>

export const RewardsMeResponse = Type.Object({
  /** The sum of all of the user's ledger entries. */
  balance: Units,
  /** What can be claimed now: the balance less entries still inside the holding period. */
  claimable: Units,
  /** Everything earned, ever (earning entries less reversals; claims do not lower it). */
  earned_total: Units,
  min_claim: Units,
  pending_claim: Nullable(RewardClaim),
  entries: Type.Array(RewardEntry),
  next_cursor: Nullable(Type.String()),
})
export type RewardsMeResponse = Static<typeof RewardsMeResponse>

/** GET /api/v1/rewards/claims (signed in): the user's claims, newest first (at most 50). */
export const RewardClaimsResponse = Type.Object({ claims: Type.Array(RewardClaim) })
export type RewardClaimsResponse = Static<typeof RewardClaimsResponse>

export const RewardRule = Type.Object({
  reason: RewardReason,
  amount: Units,
  /** How many of these entries a user can earn per UTC day; null = no cap. */
  daily_cap: Nullable(Type.Integer()),
})
export type RewardRule = Static<typeof RewardRule>

/** GET /api/v1/rewards/rules: the rules, as the server applies them. */
export const RewardRulesResponse = Type.Object({
  decimals: Type.Integer(),
  rules: Type.Array(RewardRule),
  /** Accounts younger than this earn nothing. */
  min_account_age_hours: Type.Number(),
  /** Earnings become claimable after this many hours (time for a reversal to land). */
  hold_hours: Type.Number(),
  min_claim: Units,
})
export type RewardRulesResponse = Static<typeof RewardRulesResponse>

export const LeaderboardPeriod = LiteralUnion('week', 'month', 'all')
export type LeaderboardPeriod = Static<typeof LeaderboardPeriod>

/** GET /api/v1/rewards/leaderboard?period=week|month|all&limit= */
export const LeaderboardQuery = Type.Object({
  period: Type.Optional(LeaderboardPeriod),
  limit: Type.Optional(PageLimit),
})
export type LeaderboardQuery = Static<typeof LeaderboardQuery>

export const LeaderboardResponse = Type.Object({
  period: LeaderboardPeriod,
  entries: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      user_id: Type.String(),
      ...UserSummary.properties,
      /** Earned in the period (earning entries less reversals). */
      earned: Units,
    }),
  ),
})
export type LeaderboardResponse = Static<typeof LeaderboardResponse>

/** POST /api/v1/rewards/claim (signed in). */
export const RewardClaimRequest = Type.Object({
  address: SolanaAddress,
  amount: Units,
  /** A key the client makes once per claim (e.g. a UUID; printable ASCII, no spaces): a retried request returns the same claim. */
  client_key: Type.String({ minLength: 8, maxLength: 100, pattern: '^[\\x21-\\x7E]+$' }),
})
export type RewardClaimRequest = Static<typeof RewardClaimRequest>

export const RewardClaimResponse = RewardClaim
export type RewardClaimResponse = Static<typeof RewardClaimResponse>

/** What an action just earned its author, returned with a created post or comment (null: nothing). */
export const RewardNotice = Nullable(Type.Object({ amount: Units, reason: RewardReason }))
export type RewardNotice = Static<typeof RewardNotice>
