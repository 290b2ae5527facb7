import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { ownRoute } from '../../http/routes'
import { serve } from '../../http/serve'
import { blocksService } from './blocks.service'

export const LOGIN_TO_BLOCK = 'Please login to block someone'

export async function blocksRoutes(app: AppInstance, ctx: AppContext) {
  const blocks = blocksService(ctx.db)
  const config = {
    rateLimit: perUserLimit(ctx.config.followRateLimit, 'You are blocking and unblocking too quickly.'),
  }

  serve(app, 'POST /users/:id/block', { config }, async (request) =>
    blocks.block(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )
  serve(app, 'DELETE /users/:id/block', { config }, async (request) =>
    blocks.unblock(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )
  ownRoute(app, 'GET /auth/me/blocks', LOGIN_TO_BLOCK, blocks.mine)
}
