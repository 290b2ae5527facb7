import { HealthResponse } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { pingDatabase } from '../../db/index'

export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const up = await pingDatabase(ctx.db)
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', db: ctx.dbKind })
    },
  )
}
