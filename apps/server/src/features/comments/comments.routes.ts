import { COMMENTS_PAGE_SIZE } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit, perUserWriteLimit } from '../../http/rate-limit'
import { editingRoutes, toggleRoute } from '../../http/routes'
import { serve } from '../../http/serve'
import { commentsService } from './comments.service'
import { commentStreamRoute } from './comments.stream'

export const LOGIN_TO_COMMENT = 'Please login to submit your comment'
export const LOGIN_TO_LIKE = 'Please login to like comments'
export const LOGIN_TO_EDIT = 'Please login to edit your comment'

export async function commentsRoutes(app: AppInstance, ctx: AppContext) {
  const comments = commentsService(ctx.db, ctx.events, ctx.guard, ctx.blobs)

  serve(app, 'GET /comments/post/:id', async (request, reply) =>
    ctx.readCache.answer(request, reply, {
      load: (viewerId) => {
        const { skip = 0, limit = COMMENTS_PAGE_SIZE, anchor_cid: anchorCid } = request.query
        return comments.listForPost(request.params.id, viewerId, { skip, limit, anchorCid })
      },
      personalize: comments.forViewer,
    }),
  )

  // Counts the comments written: a refused attempt (400, 404) costs nothing of the allowance.
  const commentLimit = perUserWriteLimit(app, ctx.config.commentRateLimit, 'You are commenting too quickly.')
  serve(app, 'POST /comments/create', async (request, reply) => {
    const viewer = await requireViewer(request, LOGIN_TO_COMMENT)
    await commentLimit.check(request)
    const created = await comments.create(viewer.userId, request.body)
    await commentLimit.count(request)
    return reply.status(201).send(created)
  })

  toggleRoute(
    app,
    'POST /comments/:id/like',
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are liking too quickly.'),
      login: LOGIN_TO_LIKE,
    },
    comments.like,
  )
  editingRoutes(
    app,
    ['PATCH /comments/:id', 'GET /comments/:id/revisions'],
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_EDIT,
    },
    comments,
  )

  serve(app, 'DELETE /comments/:id', async (request) => {
    const viewer = await requireViewer(request)
    const { deleted, placeholder } = await comments.remove(viewer.userId, request.params.id)
    const message = placeholder ? 'Comment deleted; the replies to it stay' : 'Comment deleted'
    return { status: 'success' as const, message, deleted, placeholder }
  })

  commentStreamRoute(app, ctx)
}
