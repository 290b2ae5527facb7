import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { serve } from '../../http/serve'
import { sweepEveryMinute } from '../token/index'
import { rewardsService } from './rewards.claims'

export const LOGIN_FOR_REWARDS = 'Please login to see your rewards'

export async function rewardsRoutes(app: AppInstance, ctx: AppContext) {
  const rewards = rewardsService(ctx.db, ctx.config, ctx.events, ctx.tokenChain)
  // Claims a stopped server left pending settle on their user's next rewards request, and here for
  // users who do not come back.
  sweepEveryMinute(app, 'reward claims', rewards.sweep)

  serve(app, 'GET /rewards/me', async (request) =>
    rewards.me(await requireUserId(request, LOGIN_FOR_REWARDS), request.query, request.log),
  )

  serve(app, 'GET /rewards/claims', async (request) => ({
    claims: await rewards.claims(await requireUserId(request, LOGIN_FOR_REWARDS), request.log),
  }))

  serve(app, 'GET /rewards/rules', async () => rewards.rules())

  serve(app, 'GET /rewards/leaderboard', async (request) =>
    rewards.leaderboard(request.query.period ?? 'week', request.query.limit ?? 20),
  )

  serve(
    app,
    'POST /rewards/claim',
    {
      config: { rateLimit: perUserLimit(ctx.config.rewards.claimRateLimit, 'You are claiming too quickly.') },
    },
    async (request) =>
      rewards.claim(
        await requireUserId(request, 'Please login to claim your rewards'),
        request.body,
        request.log,
      ),
  )
}
