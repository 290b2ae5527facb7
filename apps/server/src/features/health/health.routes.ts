import { HealthLiveResponse, HealthReadyResponse, HealthResponse } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { pingDatabase } from '../../db/index'
import { readiness } from './health.checks'

export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  // Kept as it was for old clients and load balancers: the database answers or not.
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Database check (older form of /health/ready)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const up = await pingDatabase(ctx.db)
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', db: ctx.dbKind })
    },
  )

  // Liveness asks nothing outside the process: a stuck database must not get every instance restarted.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness: the process answers',
        response: { 200: HealthLiveResponse },
      },
    },
    async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
  )

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['meta'],
        summary: 'Readiness: database, blob store, chain, queues and Redis, each named with its state',
        response: { 200: HealthReadyResponse, 503: HealthReadyResponse },
      },
    },
    async (_request, reply) => {
      const ready = await readiness(ctx)
      return reply.status(ready.status === 'unavailable' ? 503 : 200).send(ready)
    },
  )
}
