import type { FastifyRequest } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { editingRoutes, toggleRoute } from '../../http/routes'
import { serve } from '../../http/serve'
import { readerOf } from '../../http/standing'
import { seesWholePast } from '../../policy/index'
import { receivePostFiles } from '../files/index'
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
  const viewerIdOf = async (request: FastifyRequest) => (await request.viewer())?.userId ?? null
  const gate = ctx.uploads

  serve(app, 'POST /media/upload', async (request, reply) => {
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
  })

  serve(app, 'GET /media/list', async (request, reply) => {
    // The Following feed is the viewer's own: kept for them alone until the next write; 401 signed out.
    if (request.query.feed === 'following') {
      const { userId } = await requireViewer(request, LOGIN_FOR_FOLLOWING)
      return ctx.readCache.own(request, reply, userId, () => posts.list(userId, request.query))
    }
    return ctx.readCache.answer(request, reply, {
      load: (viewerId) => posts.list(viewerId, request.query),
      personalize: (shared, viewerId, kept) => posts.forViewer.list(shared, viewerId, kept, request.query),
    })
  })

  serve(app, 'GET /media/user/:id/posts', async (request) =>
    posts.byAuthor(await viewerIdOf(request), request.params.id, request.query),
  )
  serve(app, 'GET /media/user/:id/liked', async (request) =>
    posts.likedBy(await viewerIdOf(request), request.params.id, request.query),
  )

  serve(app, 'GET /media/:id', async (request, reply) =>
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
    'POST /media/:id/like',
    {
      rateLimit: perUserLimit(ctx.config.likeRateLimit, 'You are liking too quickly.'),
      login: LOGIN_TO_LIKE,
    },
    posts.like,
  )
  editingRoutes(
    app,
    ['PATCH /media/:id', 'GET /media/:id/revisions'],
    {
      rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.'),
      login: LOGIN_TO_EDIT,
    },
    posts,
  )

  serve(app, 'DELETE /media/:id/delete', async (request) => {
    const viewer = await requireViewer(request, LOGIN_TO_DELETE)
    await posts.remove(viewer.userId, request.params.id)
    return { status: 'success' as const, message: 'Post deleted successfully' }
  })
}
