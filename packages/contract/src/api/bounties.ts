import {
  AwardBountyRequest,
  BountyAwardResponse,
  BountyListResponse,
  BountyView,
  CreateBountyRequest,
} from '../bounties'
import { IdParams } from '../common'
import type { Endpoint } from '../endpoint'
import { PostIdParams } from '../posts'

const tags = ['reviews']

/** Review bounties: escrowed tokens on a post, awarded to the reviews it receives. */
export const BOUNTIES_API = {
  'POST /media/:id/bounties': {
    tags,
    summary: 'Fund a review bounty on a public post from your claimable balance',
    description:
      'The amount moves at once into escrow (a `bounty_escrow` entry of the ledger). 402 when it is more than the claimable balance.',
    params: PostIdParams,
    body: CreateBountyRequest,
    status: 201,
    answer: BountyView,
    errors: [400, 401, 402, 403, 404, 429],
  },
  'GET /media/:id/bounties': {
    tags,
    summary: "A post's bounties, open ones first, with what is left and when they end",
    params: PostIdParams,
    answer: BountyListResponse,
    errors: [404, 410],
  },
  'POST /bounties/:id/award': {
    tags,
    summary: 'Award part of your bounty to a review posted after it opened',
    description:
      'Never to yourself or the work’s author, never more than is left; the award is the reviewer’s earnings, claimable after the hold.',
    params: IdParams,
    body: AwardBountyRequest,
    answer: BountyAwardResponse,
    errors: [400, 401, 403, 404, 409, 429],
  },
  'POST /bounties/:id/cancel': {
    tags,
    summary: 'Cancel your bounty before any review arrived; the escrow comes back',
    params: IdParams,
    answer: BountyView,
    errors: [401, 403, 404, 409],
  },
  'GET /auth/me/bounties': {
    tags,
    summary: 'The bounties you funded, newest first',
    answer: BountyListResponse,
    errors: [401],
  },
} as const satisfies Record<string, Endpoint>
