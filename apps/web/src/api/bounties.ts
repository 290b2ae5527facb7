/**
 * Review bounty calls. Screens use the hooks in features/reviews and features/mypage, not these.
 * Amounts are whole tokens (the ledger's base units stay on the server).
 */
import type {
  AwardBountyRequest,
  BountyAwardResponse,
  BountyListResponse,
  BountyView,
  CreateBountyRequest,
} from '@agora/contract'
import {
  BOUNTY_AMOUNT_MAX,
  BOUNTY_DAYS_MAX,
  BOUNTY_DAYS_MIN,
  BOUNTY_REVIEWS_WANTED_MAX,
} from '@agora/contract/limits'
import { call } from './client'

export { BOUNTY_AMOUNT_MAX, BOUNTY_DAYS_MAX, BOUNTY_DAYS_MIN, BOUNTY_REVIEWS_WANTED_MAX }

/** GET /media/{id}/bounties: open ones first. */
export function listBounties(postId: string, signal?: AbortSignal): Promise<BountyListResponse> {
  return call('GET /media/:id/bounties', { params: { id: postId }, signal })
}

/** POST /media/{id}/bounties: 402 `bounty_balance_short` above the claimable balance. */
export function createBounty(postId: string, bounty: CreateBountyRequest): Promise<BountyView> {
  return call('POST /media/:id/bounties', { params: { id: postId }, json: bounty })
}

/** POST /bounties/{id}/award: part of what is left, to one review. */
export function awardBounty(id: string, award: AwardBountyRequest): Promise<BountyAwardResponse> {
  return call('POST /bounties/:id/award', { params: { id }, json: award })
}

/** POST /bounties/{id}/cancel: before any review arrived; the escrow comes back. */
export function cancelBounty(id: string): Promise<BountyView> {
  return call('POST /bounties/:id/cancel', { params: { id } })
}

/** GET /auth/me/bounties: the bounties the signed-in user funded, newest first. */
export function listMyBounties(signal?: AbortSignal): Promise<BountyListResponse> {
  return call('GET /auth/me/bounties', { signal })
}
