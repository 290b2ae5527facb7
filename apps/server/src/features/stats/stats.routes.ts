import type { AppContext, AppInstance } from '../../context'
import { serve } from '../../http/serve'
import { statsService } from './stats.service'

export async function statsRoutes(app: AppInstance, ctx: AppContext) {
  const stats = statsService(ctx.db)
  serve(app, 'GET /stats', async () => stats.current())
}
