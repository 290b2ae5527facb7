import {
  COMMENTS_PAGE_SIZE,
  CommentEditConflict,
  CommentEditRequest,
  CommentIdParams,
  CommentRevisionsResponse,
  CommentView,
  CreateCommentRequest,
  CreateCommentResponse,
  DeleteCommentResponse,
  LikeCommentRequest,
  LikeCommentResponse,
  PostCommentsParams,
  PostCommentsQuery,
  PostCommentsResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit, perUserWriteLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { editingRoutes, toggleRoute } from '../../http/routes'
import { commentsService } from './comments.service'
import { commentStreamRoute } from './comments.stream'

export const LOGIN_TO_COMMENT = 'Please login to submit your comment'
export const LOGIN_TO_LIKE = 'Please login to like comments'
export const LOGIN_TO_EDIT = 'Please login to edit your comment'

export async function commentsRoutes(app: AppInstance, ctx: AppContext) {
  const comments = commentsService(ctx.db, ctx.events, ctx.guard, ctx.blobs)
  const tags = ['comments']

  app.get(
    '/comments/post/:id',
    {
      schema: {
        tags,
        summary: "A page of a post's comment threads",
        description:
          'With `anchor_cid`, only the threads whose top-level comment points into that file (a CID of ' +
          "any of the post's versions), paged and ordered the same way; each such comment's `anchor` says " +
          'which version holds the file (`version`) and whether it is a current one (`current`).',
        params: PostCommentsParams,
        querystring: PostCommentsQuery,
        response: { 200: PostCommentsResponse, ...failures(400, 404, 410) },
      },
    },
    async (request, reply) =>
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
  app.post(
    '/comments/create',
    {
      schema: {
        tags,
        summary: 'Comment on a post, or reply to a comment',
        description:
          'The server decides `level` and `rootId` from `parentId`: no parent → 1; a reply to a ' +
          'level-1 comment → 2; a reply to level 2 or 3 → 3, in the same thread. A top-level comment ' +
          "may carry an `anchor` into one of the post's files (any version's): a PDF passage (`text`) " +
          'or a moment of a video or audio file (`time`); 400 with a sentence when the file cannot hold it.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: CreateCommentRequest,
        response: {
          201: CreateCommentResponse,
          ...failures(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, LOGIN_TO_COMMENT)
      await commentLimit.check(request)
      const created = await comments.create(viewer.userId, request.body)
      await commentLimit.count(request)
      return reply.status(201).send(created)
    },
  )

  toggleRoute(
    app,
    '/comments/:id/like',
    [
      {
        tags,
        summary: 'Like or unlike a comment',
        description:
          'Toggles. With `action: like` or `action: unlike` in the body the call is idempotent ' +
          'instead: it leaves the like in the asked state and answers that state.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: CommentIdParams,
      },
      LikeCommentRequest,
      LikeCommentResponse,
    ],
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are liking too quickly.'),
      login: LOGIN_TO_LIKE,
    },
    comments.like,
  )

  editingRoutes(
    app,
    '/comments/:id',
    [
      {
        tags,
        summary: 'Edit the text of a comment of yours',
        description:
          'Send `base_revision`, the revision the edit started from: when the comment has moved on since, the answer is 409 with `current`. Each edit keeps the text it replaced as a revision; the same text makes none.',
        params: CommentIdParams,
      },
      {
        tags,
        summary: "A comment's edit history, oldest first, the current revision last",
        params: CommentIdParams,
      },
    ],
    {
      body: CommentEditRequest,
      edited: CommentView,
      conflict: CommentEditConflict,
      history: CommentRevisionsResponse,
    },
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_EDIT,
    },
    comments,
  )

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment of yours; its replies stay',
        description:
          'A comment without replies goes. One with replies stays in its place as a placeholder ' +
          "(`deleted: true`, no author, text or likes) so the replies, often other people's, keep theirs; " +
          'the placeholder goes when its last reply does. The post counts the comments that are there.',
        params: CommentIdParams,
        response: { 200: DeleteCommentResponse, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request)
      const { deleted, placeholder } = await comments.remove(viewer.userId, request.params.id)
      const message = placeholder ? 'Comment deleted; the replies to it stay' : 'Comment deleted'
      return { status: 'success' as const, message, deleted, placeholder }
    },
  )

  commentStreamRoute(app, ctx)
}
