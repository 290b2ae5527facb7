import { BlockResponse, BlocksResponse, IdParams } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { blocksService } from './blocks.service'

export const LOGIN_TO_BLOCK = 'Please login to block someone'

export async function blocksRoutes(app: AppInstance, ctx: AppContext) {
  const blocks = blocksService(ctx.db)
  const tags = ['blocks']
  const rateLimit = perUserLimit(ctx.config.followRateLimit, 'You are blocking and unblocking too quickly.')
  const schema = (summary: string) => ({
    tags,
    summary,
    params: IdParams,
    response: { 200: BlockResponse, ...failures(400, 401, 404, 429) },
  })

  app.post('/users/:id/block', { config: { rateLimit }, schema: schema('Block a user') }, async (request) =>
    blocks.block(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )

  app.delete(
    '/users/:id/block',
    { config: { rateLimit }, schema: schema('Unblock a user') },
    async (request) => blocks.unblock(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )

  app.get(
    '/auth/me/blocks',
    {
      schema: {
        tags,
        summary: 'The users you blocked, latest first',
        response: { 200: BlocksResponse, ...failures(401) },
      },
    },
    async (request) => blocks.mine(await requireUserId(request, LOGIN_TO_BLOCK)),
  )
}
