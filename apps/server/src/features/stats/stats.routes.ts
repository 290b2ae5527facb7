import { StatsResponse } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { statsService } from './stats.service'

export async function statsRoutes(app: AppInstance, ctx: AppContext) {
  const stats = statsService(ctx.db)
  app.get(
    '/stats',
    {
      schema: {
        tags: ['meta'],
        summary: 'Members, posts, comments and tokens distributed, counted live',
        response: { 200: StatsResponse },
      },
    },
    async () => stats.current(),
  )
}
