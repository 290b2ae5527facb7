import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { serve } from '../../http/serve'
import { sweepEveryMinute } from '../token/index'
import { bountiesService } from './bounties.service'

export const LOGIN_FOR_BOUNTIES = 'Please login to fund or award a bounty'

export async function bountiesRoutes(app: AppInstance, ctx: AppContext) {
  const bounties = bountiesService(ctx.db, ctx.config, ctx.events)
  // What a bounty did not award goes back at its deadline, from whichever process runs first.
  sweepEveryMinute(app, 'bounty deadlines', async () => {
    await bounties.closeDue()
  })
  ctx.events.inTransaction('post.removed', async (trx, posts) => {
    for (const post of posts) await bounties.postRemoved(trx, post.postId)
  })

  const moving = {
    rateLimit: perUserLimit(ctx.config.commentRateLimit, 'You are moving tokens too quickly.'),
  }
  serve(app, 'POST /media/:id/bounties', { config: moving }, async (request, reply) => {
    const userId = await requireUserId(request, LOGIN_FOR_BOUNTIES)
    return reply.status(201).send(await bounties.fund(userId, request.params.id, request.body))
  })
  serve(app, 'GET /media/:id/bounties', async (request) =>
    bounties.list((await request.viewer())?.userId ?? null, request.params.id),
  )
  serve(app, 'POST /bounties/:id/award', { config: moving }, async (request) =>
    bounties.award(await requireUserId(request, LOGIN_FOR_BOUNTIES), request.params.id, request.body),
  )
  serve(app, 'POST /bounties/:id/cancel', async (request) =>
    bounties.cancel(await requireUserId(request, LOGIN_FOR_BOUNTIES), request.params.id),
  )
  serve(app, 'GET /auth/me/bounties', async (request) =>
    bounties.mine(await requireUserId(request, LOGIN_FOR_BOUNTIES)),
  )
}
