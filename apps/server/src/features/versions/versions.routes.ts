import { type PostDetailResponse, UPLOAD_MAX_FILES } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { serve } from '../../http/serve'
import { readerOf } from '../../http/standing'
import { receivePostFiles } from '../files/index'
import { versionsService } from './versions.service'

export const LOGIN_TO_PUBLISH_VERSION = 'Please login to upload a new version'
/** Text fields of a version: a changelog line and the names to keep. */
const MAX_FIELD_BYTES = 16 * 1024

/** The post's detail as GET /media/{id}?version=N answers it (posts/ gives it: it owns the post's view). */
export type PostDetailOf = (
  viewerId: string | null,
  id: string,
  version?: number,
) => Promise<PostDetailResponse>

/**
 * The routes of a post's versions. Registered by posts.routes, which passes the post's detail:
 * the answer of a new version is the post as it now shows.
 */
export async function versionsRoutes(app: AppInstance, ctx: AppContext, detail: PostDetailOf) {
  const store = ctx.blobs
  const versions = versionsService(ctx.db, store, ctx.events)
  const gate = ctx.uploads

  serve(
    app,
    'POST /media/:id/versions',
    { config: { rateLimit: perUserLimit(ctx.config.editRateLimit, 'You are editing too quickly.') } },
    async (request, reply) => {
      const viewer = await requireViewer(request, LOGIN_TO_PUBLISH_VERSION)
      // Refuse before reading (and staging) any file.
      await versions.checkAuthor(viewer.userId, request.params.id)
      const pass = await gate(request, viewer.userId)
      const upload = await receivePostFiles(request, store, pass, MAX_FIELD_BYTES)
      const version = await versions.publish(
        viewer.userId,
        request.params.id,
        upload,
        UPLOAD_MAX_FILES,
        pass.charge,
      )
      return reply.status(201).send(await detail(viewer.userId, request.params.id, version))
    },
  )

  serve(app, 'GET /media/:id/versions', async (request, reply) => {
    const reader = await readerOf(request)
    return ctx.readCache.answer(request, reply, {
      load: (viewerId) => versions.list(viewerId === null ? null : reader, request.params.id),
      // Its author and moderators see versions others do not; a post hidden from others is loaded for its author.
      personalize: async (shared) =>
        reader && (await versions.seesMoreThanVisitors(reader, request.params.id))
          ? null
          : { variant: '', make: () => shared },
    })
  })
}
