import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { serve } from '../../http/serve'
import { requireAdmin, requireModerator } from '../../http/standing'
import { moderationService } from './moderation.service'

export const LOGIN_TO_REPORT = 'Please login to report something to the moderators'

const KIND = { posts: 'post', comments: 'comment', reviews: 'review' } as const

export async function moderationRoutes(app: AppInstance, ctx: AppContext) {
  const moderation = moderationService(ctx.db, ctx.events, ctx.config.trust)

  serve(
    app,
    'POST /reports',
    {
      config: {
        rateLimit: perUserLimit(ctx.config.trust.reportsPerHour, 'You are reporting too quickly.', '1 hour'),
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, LOGIN_TO_REPORT)
      return reply.status(201).send(await moderation.report(viewer.userId, request.body))
    },
  )

  serve(app, 'GET /mod/reports', async (request) => {
    await requireModerator(request)
    return moderation.queue(request.query)
  })

  serve(app, 'POST /mod/reports/:id/resolve', async (request) => {
    const moderator = await requireModerator(request)
    return moderation.resolve(moderator, request.params.id, request.body)
  })

  serve(app, 'POST /mod/:kind/:id/review', async (request) => {
    const viewer = await requireViewer(request)
    const { kind, id } = request.params
    return moderation.requestReview(viewer.userId, KIND[kind], id, request.body?.note ?? '')
  })

  serve(app, 'POST /mod/:kind/:id/:action', async (request) => {
    const moderator = await requireModerator(request)
    const { kind, id, action } = request.params
    return moderation.act(moderator, KIND[kind], id, action, request.body.reason)
  })

  serve(app, 'POST /mod/users/:id/suspend', async (request) => {
    const moderator = await requireModerator(request)
    return moderation.suspendUser(moderator, request.params.id, request.body.until, request.body.reason)
  })

  serve(app, 'POST /mod/users/:id/unsuspend', async (request) => {
    const moderator = await requireModerator(request)
    return moderation.unsuspend(moderator, request.params.id, request.body?.reason ?? '')
  })

  serve(app, 'POST /mod/users/:id/role', async (request) => {
    const admin = await requireAdmin(request)
    return moderation.setRole(admin, request.params.id, request.body.role, request.body.reason)
  })

  serve(app, 'POST /mod/users/:id/trust', async (request) => {
    const moderator = await requireModerator(request)
    return moderation.setTrust(moderator, request.params.id, request.body)
  })

  serve(app, 'GET /mod/users/:id', async (request) => {
    await requireModerator(request)
    return moderation.user(request.params.id)
  })

  serve(app, 'GET /mod/users', async (request) => {
    await requireModerator(request)
    return moderation.users(request.query)
  })

  serve(app, 'GET /mod/log', async (request) => moderation.log(await request.viewer(), request.query))
}
