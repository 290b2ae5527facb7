import type { AnswerOf, Api } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { pingDatabase } from '../../db/index'
import { serve } from '../../http/serve'
import { readiness } from './health.checks'

type CheckKey = 'GET /health' | 'GET /health/ready'

export async function healthRoutes(app: AppInstance, ctx: AppContext) {
  /** A check that answers 200 while what it checks is up and 503 when not, in the same shape. */
  function checkRoute<K extends CheckKey>(
    key: K,
    check: () => Promise<{ up: boolean; body: AnswerOf<Api[K]> }>,
  ) {
    serve(app, key, async (_request, reply) => {
      const { up, body } = await check()
      return reply.status(up ? 200 : 503).send(body)
    })
  }

  // Kept as it was for old clients and load balancers: the database answers or not.
  checkRoute('GET /health', async () => {
    const up = await pingDatabase(ctx.db)
    return { up, body: { status: up ? ('ok' as const) : ('unavailable' as const), db: ctx.dbKind } }
  })

  // Liveness asks nothing outside the process: a stuck database must not get every instance restarted.
  serve(app, 'GET /health/live', async () => ({
    status: 'ok' as const,
    uptime_seconds: Math.round(process.uptime()),
  }))

  checkRoute('GET /health/ready', async () => {
    const ready = await readiness(ctx)
    return { up: ready.status !== 'unavailable', body: ready }
  })
}
