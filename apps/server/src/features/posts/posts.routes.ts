import {
  PostDeleteResponse,
  PostDetailQuery,
  PostDetailResponse,
  PostEditConflict,
  PostEditRequest,
  PostIdParams,
  PostLikeRequest,
  PostLikeResponse,
  PostListQuery,
  PostListResponse,
  PostPageQuery,
  PostPageResponse,
  PostRevisionsResponse,
  PostUnavailableResponse,
  PostUploadResponse,
} from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { editingRoutes, toggleRoute } from '../../http/routes'
import { readerOf } from '../../http/standing'
import { seesWholePast } from '../../policy/index'
import { receivePostFiles, uploadGate } from '../files/index'
import { versionsRoutes } from '../versions/index'
import { LOGIN_FOR_FOLLOWING, postsService } from './posts.service'
import type { UploadFields } from './posts.validation'

export const LOGIN_TO_UPLOAD = 'Please login to upload files'
export const LOGIN_TO_LIKE = 'Please login to like posts'
export const LOGIN_TO_DELETE = 'Please login to delete posts'
export const LOGIN_TO_EDIT = 'Please login to edit posts'

/** Text fields of an upload: content may be long (100k characters of any script). */
const MAX_FIELD_BYTES = 512 * 1024
export async function postsRoutes(app: AppInstance, ctx: AppContext) {
  const store = ctx.blobs
  const posts = postsService(ctx.db, store, ctx.events, ctx.guard)
  const tags = ['posts']
  const viewerIdOf = async (request: FastifyRequest) => (await request.viewer())?.userId ?? null
  const gate = uploadGate(app, ctx.db, ctx.config.uploads)

  app.post(
    '/media/upload',
    {
      schema: {
        tags,
        summary: 'Create a post from 1–5 files (≤ 50 MB each) and its text fields',
        description:
          'multipart/form-data: files under `file` or `files`; fields title (required), summary or description, content, tags (comma separated), media_type, ai_instruction, visibility.',
        consumes: ['multipart/form-data'],
        response: {
          201: PostUploadResponse,
          ...failures(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, LOGIN_TO_UPLOAD)
      const pass = await gate(request, viewer.userId)
      const upload = await receivePostFiles(request, store, pass, MAX_FIELD_BYTES)
      const { post, reward } = await posts.create(
        viewer.userId,
        upload.fields as UploadFields,
        upload.files,
        pass.charge,
      )
      return reply
        .status(201)
        .send({ post_id: post.id, status: 'success', message: 'Upload successful', post, reward })
    },
  )

  app.get(
    '/media/list',
    {
      schema: {
        tags,
        summary: 'The forum: a page of posts, searched, filtered and sorted, with a keyset cursor',
        querystring: PostListQuery,
        response: { 200: PostListResponse, ...failures(400, 401) },
      },
    },
    async (request, reply) => {
      // The Following feed is the viewer's own: kept for them alone until the next write; 401 signed out.
      if (request.query.feed === 'following') {
        const { userId } = await requireViewer(request, LOGIN_FOR_FOLLOWING)
        return ctx.readCache.own(request, reply, userId, () => posts.list(userId, request.query))
      }
      return ctx.readCache.answer(request, reply, {
        load: (viewerId) => posts.list(viewerId, request.query),
        personalize: (shared, viewerId, kept) => posts.forViewer.list(shared, viewerId, kept, request.query),
      })
    },
  )

  app.get(
    '/media/user/:id/posts',
    {
      schema: {
        tags,
        summary: "An author's posts, by skip/limit",
        params: PostIdParams,
        querystring: PostPageQuery,
        response: { 200: PostPageResponse, ...failures(400, 403, 404) },
      },
    },
    async (request) => posts.byAuthor(await viewerIdOf(request), request.params.id, request.query),
  )

  app.get(
    '/media/user/:id/liked',
    {
      schema: {
        tags,
        summary: 'The posts a user liked, by skip/limit',
        params: PostIdParams,
        querystring: PostPageQuery,
        response: { 200: PostPageResponse, ...failures(400, 404) },
      },
    },
    async (request) => posts.likedBy(await viewerIdOf(request), request.params.id, request.query),
  )

  app.get(
    '/media/:id',
    {
      schema: {
        tags,
        summary: 'One post with its media, analysis and whether the viewer likes it',
        description:
          '`version=N` shows the files of version N (404 when the post has no such version). A post the moderators hid answers 404 `post_hidden` and one they removed 410 `post_removed`, with the public reason; one its author deleted answers 410 `post_deleted`; any other post the viewer may not see is 404 `post_not_found`.',
        params: PostIdParams,
        querystring: PostDetailQuery,
        response: { 200: PostDetailResponse, 404: PostUnavailableResponse, 410: PostUnavailableResponse },
      },
    },
    async (request, reply) =>
      ctx.readCache.answer(request, reply, {
        load: (viewerId) => posts.detail(viewerId, request.params.id, request.query.version),
        // Its author and moderators may open versions others may not: the post is loaded for them.
        personalize: async (shared, viewerId, kept) =>
          shared.visible_versions.length < shared.version_count &&
          seesWholePast({ user_id: shared.author_id }, await readerOf(request))
            ? null
            : posts.forViewer.detail(shared, viewerId, kept),
      }),
  )

  // Versions of a post's files (features/versions): POST and GET /media/:id/versions.
  await versionsRoutes(app, ctx, posts.detail)

  toggleRoute(
    app,
    '/media/:id/like',
    [
      { tags, summary: 'Like or unlike a post (toggles; `action` sets)', params: PostIdParams },
      PostLikeRequest,
      PostLikeResponse,
    ],
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are liking too quickly.'),
      login: LOGIN_TO_LIKE,
    },
    posts.like,
  )

  editingRoutes(
    app,
    '/media/:id',
    [
      {
        tags,
        summary: "Edit one's own post: title, summary, content, tags, visibility (a field left out stays)",
        description:
          'Send `base_revision`, the revision the edit started from: when the post has moved on since, the answer is 409 with `current`, the post as it is now. Each edit keeps the values it replaced as a revision; an edit that changes nothing makes none.',
        params: PostIdParams,
      },
      {
        tags,
        summary: "A post's edit history, oldest first, the current revision last",
        params: PostIdParams,
      },
    ],
    {
      body: PostEditRequest,
      edited: PostDetailResponse,
      conflict: PostEditConflict,
      history: PostRevisionsResponse,
    },
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_EDIT,
    },
    posts,
  )

  app.delete(
    '/media/:id/delete',
    {
      schema: {
        tags,
        summary: "Delete one's own post with its likes and comments",
        params: PostIdParams,
        response: { 200: PostDeleteResponse, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_DELETE)
      await posts.remove(viewer.userId, request.params.id)
      return { status: 'success' as const, message: 'Post deleted successfully' }
    },
  )
}
