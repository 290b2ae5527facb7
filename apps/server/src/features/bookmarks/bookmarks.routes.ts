import {
  BookmarkRequest,
  BookmarkResponse,
  PostIdParams,
  PostPageQuery,
  PostPageResponse,
} from '@agora/contract'
import { blobStoreFor } from '../../blobs/index'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { postsService } from '../posts/index'
import { bookmarksService } from './bookmarks.service'

export const LOGIN_TO_SAVE = 'Please login to save posts'

export async function bookmarksRoutes(app: AppInstance, ctx: AppContext) {
  const bookmarks = bookmarksService(ctx.db)
  const posts = postsService(ctx.db, blobStoreFor(ctx.config), ctx.events)
  const tags = ['bookmarks']

  app.post(
    '/media/:id/bookmark',
    {
      // A save is a like's kind of call: the like limit (LIKE_RATE_LIMIT) applies, counted apart.
      config: { rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are saving posts too quickly.') },
      schema: {
        tags,
        summary: 'Save or unsave a post for later (toggles; `action` sets)',
        params: PostIdParams,
        body: { ...BookmarkRequest, nullable: true },
        response: { 200: BookmarkResponse, ...failures(401, 404, 429) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_SAVE)
      return bookmarks.bookmark(viewer.userId, request.params.id, request.body?.action)
    },
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
    async (request) => {
      const viewer = await requireViewer(request, 'Please login to view your content')
      return posts.savedBy(viewer.userId, request.query)
    },
  )
}
