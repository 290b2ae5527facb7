import { BlockResponse, BlocksResponse, IdParams } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { targetWriteSchema } from '../../http/responses'
import { ownRoute } from '../../http/routes'
import { blocksService } from './blocks.service'

export const LOGIN_TO_BLOCK = 'Please login to block someone'

export async function blocksRoutes(app: AppInstance, ctx: AppContext) {
  const blocks = blocksService(ctx.db)
  const tags = ['blocks']
  const rateLimit = perUserLimit(ctx.config.followRateLimit, 'You are blocking and unblocking too quickly.')
  const schema = (summary: string) => targetWriteSchema({ tags, summary, params: IdParams }, BlockResponse)

  app.post('/users/:id/block', { config: { rateLimit }, schema: schema('Block a user') }, async (request) =>
    blocks.block(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )

  app.delete(
    '/users/:id/block',
    { config: { rateLimit }, schema: schema('Unblock a user') },
    async (request) => blocks.unblock(await requireUserId(request, LOGIN_TO_BLOCK), request.params.id),
  )

  ownRoute(
    app,
    '/auth/me/blocks',
    { tags, summary: 'The users you blocked, latest first', answer: BlocksResponse },
    LOGIN_TO_BLOCK,
    blocks.mine,
  )
}
