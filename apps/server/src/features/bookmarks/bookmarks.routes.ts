import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { toggleRoute } from '../../http/routes'
import { serve } from '../../http/serve'
import { postsService } from '../posts/index'
import { bookmarksService } from './bookmarks.service'

export const LOGIN_TO_SAVE = 'Please login to save posts'

export async function bookmarksRoutes(app: AppInstance, ctx: AppContext) {
  const bookmarks = bookmarksService(ctx.db, ctx.events)
  const posts = postsService(ctx.db, ctx.blobs, ctx.events, ctx.guard)

  // A save is a like's kind of call: the like limit (LIKE_RATE_LIMIT) applies, counted apart.
  toggleRoute(
    app,
    'POST /media/:id/bookmark',
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are saving posts too quickly.'),
      login: LOGIN_TO_SAVE,
    },
    bookmarks.bookmark,
  )
  serve(app, 'GET /auth/me/bookmarks', async (request) =>
    posts.savedBy(await requireUserId(request, 'Please login to view your content'), request.query),
  )
}
