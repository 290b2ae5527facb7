import { HealthLiveResponse, HealthReadyResponse, HealthResponse } from '@agora/contract'
import type { Static, TSchema } from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { pingDatabase } from '../../db/index'
import { readiness } from './health.checks'

export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  /** A check at `url` that answers 200 while what it checks is up and 503 when not, in the same shape. */
  function checkRoute<Answer extends TSchema>(
    url: string,
    summary: string,
    answer: Answer,
    check: () => Promise<{ up: boolean; body: Static<Answer> }>,
  ) {
    app.get<{ Reply: unknown }>(
      url,
      { schema: { tags: ['meta'], summary, response: { 200: answer, 503: answer } } },
      async (_request, reply) => {
        const { up, body } = await check()
        return reply.status(up ? 200 : 503).send(body)
      },
    )
  }

  // Kept as it was for old clients and load balancers: the database answers or not.
  checkRoute('/health', 'Database check (older form of /health/ready)', HealthResponse, async () => {
    const up = await pingDatabase(ctx.db)
    return { up, body: { status: up ? ('ok' as const) : ('unavailable' as const), db: ctx.dbKind } }
  })

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

  checkRoute(
    '/health/ready',
    'Readiness: database, blob store, chain, queues and Redis, each named with its state',
    HealthReadyResponse,
    async () => {
      const ready = await readiness(ctx)
      return { up: ready.status !== 'unavailable', body: ready }
    },
  )
}
