import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { serve } from '../../http/serve'
import { tokenServiceFor } from './token.service'
import { sweepEveryMinute } from './token.settle'

export async function tokenRoutes(app: AppInstance, ctx: AppContext) {
  const tokens = tokenServiceFor(ctx.db, ctx.config.token, ctx.tokenChain)
  // The embedded chain saves its state on the way out.
  app.addHook('onClose', () => ctx.tokenChain.close())
  // Grants a stopped server left pending settle on their user's next request, and here for users
  // who do not come back.
  sweepEveryMinute(app, 'faucet', tokens.sweep)

  serve(
    app,
    'POST /token/faucet',
    // Each request costs the faucet a transaction fee: keep bursts short even below the daily limits.
    { config: { rateLimit: { max: ctx.config.token.rateLimit, timeWindow: '1 minute' } } },
    async (request) => {
      const viewer = await requireViewer(request, 'Please login to get tokens')
      return tokens.grant(
        {
          userId: viewer.userId,
          ip: request.ip,
          address: request.body.address.trim(),
          amount: request.body.amount,
        },
        request.log,
      )
    },
  )

  serve(app, 'GET /token/info', async (request) => {
    const viewer = await request.viewer()
    return tokens.info(viewer ? { userId: viewer.userId, ip: request.ip } : null, request.log)
  })

  serve(
    app,
    'GET /token/balance',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request) => tokens.balance(request.query.address.trim(), request.log),
  )
}
