import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { ownRoute } from '../../http/routes'
import { serve } from '../../http/serve'
import { followsService } from './follows.service'

export const LOGIN_TO_FOLLOW = 'Please login to follow authors and tags'

export async function followsRoutes(app: AppInstance, ctx: AppContext) {
  const follows = followsService(ctx.db, ctx.events)
  const config = { rateLimit: perUserLimit(ctx.config.followRateLimit, 'You are following too quickly.') }

  serve(app, 'POST /follows', { config }, async (request) =>
    follows.follow(await requireUserId(request, LOGIN_TO_FOLLOW), request.body),
  )
  serve(app, 'DELETE /follows', { config }, async (request) =>
    follows.unfollow(await requireUserId(request, LOGIN_TO_FOLLOW), request.body),
  )
  ownRoute(app, 'GET /auth/me/follows', LOGIN_TO_FOLLOW, follows.mine)
}
