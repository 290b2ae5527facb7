import { AnalysisRerunParams, AnalysisRerunResponse } from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { failures } from '../../http/responses'
import { analysisService } from './analysis.service'

export const LOGIN_TO_RERUN = 'Please login to re-run the analysis'

export async function analysisRoutes(app: AppInstance, ctx: AppContext) {
  const analysis = analysisService(ctx.db, ctx.events)

  app.post(
    '/media/:id/analysis',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: async (request: FastifyRequest) => (await request.viewer())?.userId ?? request.ip,
        },
      },
      schema: {
        tags: ['analysis'],
        summary: "Re-run the AI analysis of one's own post",
        description:
          'Queues the analysis again and answers at once; `ai_analysis` of the post is pending until the worker is done (poll GET /media/{id}).',
        params: AnalysisRerunParams,
        response: {
          202: AnalysisRerunResponse,
          ...failures(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const queued = await analysis.rerun(await requireUserId(request, LOGIN_TO_RERUN), request.params.id)
      return reply.status(202).send(queued)
    },
  )
}
