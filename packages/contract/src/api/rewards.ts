import type { Endpoint } from '../endpoint'
import {
  LeaderboardQuery,
  LeaderboardResponse,
  RewardClaimRequest,
  RewardClaimResponse,
  RewardClaimsResponse,
  RewardRulesResponse,
  RewardsMeQuery,
  RewardsMeResponse,
} from '../rewards'
import {
  FaucetRequest,
  FaucetResponse,
  TokenBalanceQuery,
  TokenBalanceResponse,
  TokenInfoResponse,
} from '../token'

/** Rewards (the ledger, claims, rules, leaderboard) and the test-token faucet they are paid out by. */
export const REWARDS_API = {
  'GET /rewards/me': {
    tags: ['rewards'],
    summary: 'Your balance, what is claimable, and your ledger entries (newest first, keyset paged)',
    query: RewardsMeQuery,
    answer: RewardsMeResponse,
    errors: [400, 401],
  },
  'GET /rewards/claims': {
    tags: ['rewards'],
    summary: 'Your claims, newest first (at most 50)',
    answer: RewardClaimsResponse,
    errors: [401],
  },
  'GET /rewards/rules': {
    tags: ['rewards'],
    summary: 'What earns how much, the daily caps, the account age, hold period and minimum claim',
    answer: RewardRulesResponse,
    errors: [],
  },
  'GET /rewards/leaderboard': {
    tags: ['rewards'],
    summary: 'Who earned most in the last 7 days (week), 30 days (month) or ever (all)',
    query: LeaderboardQuery,
    answer: LeaderboardResponse,
    errors: [400],
  },
  'POST /rewards/claim': {
    tags: ['rewards'],
    summary: 'Send claimable rewards to a Solana wallet',
    description:
      'Debits the ledger and records a pending claim in one transaction, then transfers `amount` base ' +
      'units from the faucet on chain. One pending claim per user (409); the same client_key answers ' +
      'the same claim without paying twice; a failed transfer marks the claim failed and credits it back.',
    body: RewardClaimRequest,
    answer: RewardClaimResponse,
    errors: [400, 401, 409, 429, 503],
  },
  'POST /token/faucet': {
    tags: ['token'],
    summary: 'Send test tokens to a Solana address',
    description:
      'Activates a new address with 990880 lamports, creates its token account if missing and transfers ' +
      'amount × 10^9 base units, at commitment confirmed. Limited per user, per address and per IP ' +
      '(a rolling 24 hours; 429 with Retry-After).',
    body: FaucetRequest,
    answer: FaucetResponse,
    errors: [400, 401, 429, 503],
  },
  'GET /token/info': {
    tags: ['token'],
    summary: 'The faucet: network, mint, limits, and what the caller has left today',
    answer: TokenInfoResponse,
    errors: [503],
  },
  'GET /token/balance': {
    tags: ['token'],
    summary: "An address's SOL and token balance",
    query: TokenBalanceQuery,
    answer: TokenBalanceResponse,
    errors: [400, 503],
  },
} as const satisfies Record<string, Endpoint>
