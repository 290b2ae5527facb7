import type { FastifyRequest } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { serve } from '../../http/serve'
import { analysisService } from './analysis.service'

export const LOGIN_TO_RERUN = 'Please login to re-run the analysis'

export async function analysisRoutes(app: AppInstance, ctx: AppContext) {
  const analysis = analysisService(ctx.db, ctx.events)

  serve(
    app,
    'POST /media/:id/analysis',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: async (request: FastifyRequest) => (await request.viewer())?.userId ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      const queued = await analysis.rerun(await requireUserId(request, LOGIN_TO_RERUN), request.params.id)
      return reply.status(202).send(queued)
    },
  )
}
