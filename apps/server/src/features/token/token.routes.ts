import {
  FaucetRequest,
  FaucetResponse,
  TokenBalanceQuery,
  TokenBalanceResponse,
  TokenInfoResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { failures } from '../../http/responses'
import { tokenServiceFor } from './token.service'
import { sweepEveryMinute } from './token.settle'

export async function tokenRoutes(app: AppInstance, ctx: AppContext) {
  const tokens = tokenServiceFor(ctx.db, ctx.config.token, ctx.tokenChain)
  // The embedded chain saves its state on the way out.
  app.addHook('onClose', () => ctx.tokenChain.close())
  // Grants a stopped server left pending settle on their user's next request, and here for users
  // who do not come back.
  sweepEveryMinute(app, 'faucet', tokens.sweep)

  app.post(
    '/token/faucet',
    {
      // Each request costs the faucet a transaction fee: keep bursts short even below the daily limits.
      config: { rateLimit: { max: ctx.config.token.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['token'],
        summary: 'Send test tokens to a Solana address',
        description:
          'Activates a new address with 990880 lamports, creates its token account if missing and transfers ' +
          'amount × 10^9 base units, at commitment confirmed. Limited per user, per address and per IP ' +
          '(a rolling 24 hours; 429 with Retry-After).',
        body: FaucetRequest,
        response: {
          200: FaucetResponse,
          ...failures(400, 401, 429, 503),
        },
      },
    },
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

  app.get(
    '/token/info',
    {
      schema: {
        tags: ['token'],
        summary: 'The faucet: network, mint, limits, and what the caller has left today',
        response: { 200: TokenInfoResponse, ...failures(503) },
      },
    },
    async (request) => {
      const viewer = await request.viewer()
      return tokens.info(viewer ? { userId: viewer.userId, ip: request.ip } : null, request.log)
    },
  )

  app.get(
    '/token/balance',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['token'],
        summary: "An address's SOL and token balance",
        querystring: TokenBalanceQuery,
        response: { 200: TokenBalanceResponse, ...failures(400, 503) },
      },
    },
    async (request) => tokens.balance(request.query.address.trim(), request.log),
  )
}
