/**
 * Rewards calls: the signed-in user's ledger and claims, the rules, the leaderboard and a claim.
 * Amounts are strings of base units (see features/rewards/amounts.ts).
 * Screens use the hooks in features/rewards/rewardQueries.ts, not these directly.
 */
import type {
  LeaderboardPeriod,
  LeaderboardResponse,
  RewardClaimRequest,
  RewardClaimResponse,
  RewardClaimsResponse,
  RewardRulesResponse,
  RewardsMeResponse,
} from '@agora/contract'
import { call } from './client'

/** Ledger entries a page. */
export const REWARDS_PAGE_SIZE = 20

/** GET /rewards/me: balance, claimable, earned total, pending claim and one keyset page of entries. */
export function fetchMyRewards(cursor: string | null, signal?: AbortSignal): Promise<RewardsMeResponse> {
  return call('GET /rewards/me', { query: { cursor: cursor ?? undefined, limit: REWARDS_PAGE_SIZE }, signal })
}

/** GET /rewards/claims: the user's claims, newest first. */
export function fetchMyClaims(signal?: AbortSignal): Promise<RewardClaimsResponse> {
  return call('GET /rewards/claims', { signal })
}

/** GET /rewards/rules: amounts, daily caps, account age, holding period, minimum claim. */
export function fetchRewardRules(signal?: AbortSignal): Promise<RewardRulesResponse> {
  return call('GET /rewards/rules', { signal })
}

export function fetchLeaderboard(
  period: LeaderboardPeriod,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  return call('GET /rewards/leaderboard', { query: { period }, signal })
}

/** POST /rewards/claim (JSON). The same client_key again returns the same claim instead of a second one. */
export function claimRewards(request: RewardClaimRequest): Promise<RewardClaimResponse> {
  return call('POST /rewards/claim', { json: request })
}
