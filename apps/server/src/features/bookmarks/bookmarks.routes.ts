import {
  BookmarkRequest,
  BookmarkResponse,
  PostIdParams,
  PostPageQuery,
  PostPageResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { toggleRoute } from '../../http/routes'
import { postsService } from '../posts/index'
import { bookmarksService } from './bookmarks.service'

export const LOGIN_TO_SAVE = 'Please login to save posts'

export async function bookmarksRoutes(app: AppInstance, ctx: AppContext) {
  const bookmarks = bookmarksService(ctx.db, ctx.events)
  const posts = postsService(ctx.db, ctx.blobs, ctx.events, ctx.guard)
  const tags = ['bookmarks']

  // A save is a like's kind of call: the like limit (LIKE_RATE_LIMIT) applies, counted apart.
  toggleRoute(
    app,
    '/media/:id/bookmark',
    [
      { tags, summary: 'Save or unsave a post for later (toggles; `action` sets)', params: PostIdParams },
      BookmarkRequest,
      BookmarkResponse,
    ],
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are saving posts too quickly.'),
      login: LOGIN_TO_SAVE,
    },
    bookmarks.bookmark,
  )

  app.get(
    '/auth/me/bookmarks',
    {
      schema: {
        tags,
        summary: 'The posts you saved that you may still see, newest save first (skip/limit paging)',
        querystring: PostPageQuery,
        response: { 200: PostPageResponse, ...failures(400, 401) },
      },
    },
    async (request) =>
      posts.savedBy(await requireUserId(request, 'Please login to view your content'), request.query),
  )
}
