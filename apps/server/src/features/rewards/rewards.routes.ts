import {
  LeaderboardQuery,
  LeaderboardResponse,
  RewardClaimRequest,
  RewardClaimResponse,
  RewardClaimsResponse,
  RewardRulesResponse,
  RewardsMeQuery,
  RewardsMeResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { sweepEveryMinute } from '../token/index'
import { rewardsService } from './rewards.claims'

export const LOGIN_FOR_REWARDS = 'Please login to see your rewards'

export async function rewardsRoutes(app: AppInstance, ctx: AppContext) {
  const rewards = rewardsService(ctx.db, ctx.config, ctx.events, ctx.tokenChain)
  // Claims a stopped server left pending settle on their user's next rewards request, and here for
  // users who do not come back.
  sweepEveryMinute(app, 'reward claims', rewards.sweep)
  const tags = ['rewards']

  app.get(
    '/rewards/me',
    {
      schema: {
        tags,
        summary: 'Your balance, what is claimable, and your ledger entries (newest first, keyset paged)',
        querystring: RewardsMeQuery,
        response: { 200: RewardsMeResponse, ...failures(400, 401) },
      },
    },
    async (request) =>
      rewards.me(await requireUserId(request, LOGIN_FOR_REWARDS), request.query, request.log),
  )

  app.get(
    '/rewards/claims',
    {
      schema: {
        tags,
        summary: 'Your claims, newest first (at most 50)',
        response: { 200: RewardClaimsResponse, ...failures(401) },
      },
    },
    async (request) => ({
      claims: await rewards.claims(await requireUserId(request, LOGIN_FOR_REWARDS), request.log),
    }),
  )

  app.get(
    '/rewards/rules',
    {
      schema: {
        tags,
        summary: 'What earns how much, the daily caps, the account age, hold period and minimum claim',
        response: { 200: RewardRulesResponse },
      },
    },
    async () => rewards.rules(),
  )

  app.get(
    '/rewards/leaderboard',
    {
      schema: {
        tags,
        summary: 'Who earned most in the last 7 days (week), 30 days (month) or ever (all)',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, ...failures(400) },
      },
    },
    async (request) => rewards.leaderboard(request.query.period ?? 'week', request.query.limit ?? 20),
  )

  app.post(
    '/rewards/claim',
    {
      config: { rateLimit: perUserLimit(ctx.config.rewards.claimRateLimit, 'You are claiming too quickly.') },
      schema: {
        tags,
        summary: 'Send claimable rewards to a Solana wallet',
        description:
          'Debits the ledger and records a pending claim in one transaction, then transfers `amount` base ' +
          'units from the faucet on chain. One pending claim per user (409); the same client_key answers ' +
          'the same claim without paying twice; a failed transfer marks the claim failed and credits it back.',
        body: RewardClaimRequest,
        response: {
          200: RewardClaimResponse,
          ...failures(400, 401, 409, 429, 503),
        },
      },
    },
    async (request) =>
      rewards.claim(
        await requireUserId(request, 'Please login to claim your rewards'),
        request.body,
        request.log,
      ),
  )
}
