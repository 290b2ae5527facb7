import { AVATAR_MAX_BYTES } from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import { stageStream } from '../../blobs/index'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId, requireViewer } from '../../http/auth'
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../http/errors'
import { serve } from '../../http/serve'
import { filesService, fileUrl } from '../files/index'
import { postsService } from '../posts/index'
import { avatarWebp } from './profiles.avatar'
import { searchUsers } from './profiles.search'
import { assertSelf, profilesService } from './profiles.service'

const LOGIN_TO_EDIT = 'Please login to edit your profile'
const LOGIN_TO_VIEW_OWN = 'Please login to view your content'
const AVATAR_MB = AVATAR_MAX_BYTES / (1024 * 1024)

async function* bytesOf(buffer: Buffer) {
  yield buffer
}

/** The avatar form: user_id and one image (new_avatar), read into memory up to the size limit. */
async function readAvatarForm(request: FastifyRequest): Promise<{ userId?: string; image?: Buffer }> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('multipart_required', {
      detail: 'Send the avatar as multipart/form-data with the fields user_id and new_avatar',
    })
  }
  const form: { userId?: string; image?: Buffer } = {}
  try {
    const parts = request.parts({
      limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, fieldSize: 1024 },
    })
    for await (const part of parts) {
      if (part.type === 'file') form.image = await part.toBuffer()
      else if (part.fieldname === 'user_id') form.userId = String(part.value)
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError('avatar_too_large', { params: { mb: AVATAR_MB } })
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError('one_image_only')
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new BadRequestError('too_many_fields')
    throw error
  }
  return form
}

export async function profilesRoutes(app: AppInstance, ctx: AppContext) {
  const profiles = profilesService(ctx.db, ctx.events)
  const blobs = ctx.blobs
  const posts = postsService(ctx.db, blobs, ctx.events, ctx.guard)

  serve(app, 'GET /auth/me', async (request) =>
    profiles.ownUser(await requireUserId(request), ctx.config.trust),
  )

  // ---- user search (@mention suggestions) ----
  serve(app, 'GET /users/search', async (request) => {
    await requireViewer(request, 'Please login to search for users')
    return searchUsers(ctx.db, request.query.q)
  })
  // ---- end user search ----

  serve(app, 'GET /auth/person_information', async (request) => {
    const viewer = await request.viewer()
    return profiles.personInformation(viewer?.userId ?? null, request.query.user_id)
  })

  // Anyone may follow an @mention: the same profile, and the same withholding, as by id.
  serve(app, 'GET /users/by_name/:name', async (request) => {
    const viewer = await request.viewer()
    return profiles.personByName(viewer?.userId ?? null, request.params.name)
  })

  // The viewer's own lists of posts: they are both who looks and whose posts these are.
  const ownPostLists = [
    { key: 'GET /auth/me/posts', list: posts.byAuthor },
    { key: 'GET /auth/me/liked', list: posts.likedBy },
  ] as const
  for (const { key, list } of ownPostLists) {
    serve(app, key, async (request) => {
      const userId = await requireUserId(request, LOGIN_TO_VIEW_OWN)
      return list(userId, userId, request.query)
    })
  }

  serve(app, 'GET /auth/me/comments', async (request) =>
    profiles.ownComments(await requireUserId(request, LOGIN_TO_VIEW_OWN), request.query),
  )

  // The single-field edits: /modify/modify_<field> with `new_<field>` in the body.
  const singleFieldEdits = [
    { field: 'title', message: 'Title updated' },
    { field: 'bio', message: 'Bio updated' },
    { field: 'url', message: 'Website updated' },
    { field: 'email', message: 'Email updated' },
    { field: 'phone', message: 'Phone updated' },
  ] as const
  for (const edit of singleFieldEdits) {
    serve(app, `POST /modify/modify_${edit.field}`, async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const body = request.body as { user_id?: string } & Record<string, string>
      const changes = { [edit.field]: body[`new_${edit.field}`] }
      return profiles.modify(viewer.userId, body.user_id, changes, edit.message)
    })
  }

  serve(app, 'POST /modify/modify_settings', async (request) => {
    const viewer = await requireViewer(request, LOGIN_TO_EDIT)
    const body = request.body
    const changes = {
      public_posts: body.new_public_posts,
      public_activities: body.new_public_activities,
      public_profile: body.new_public_profile,
      public_statistics: body.new_public_statistics,
      public_contact: body.new_public_contact,
    }
    return profiles.modify(viewer.userId, body.user_id, changes, 'Settings updated')
  })

  serve(app, 'POST /modify/modify_profile', async (request) =>
    profiles.modifyProfile(await requireUserId(request, LOGIN_TO_EDIT), request.body),
  )

  serve(app, 'POST /modify/modify_avatar', async (request) => {
    const viewer = await requireViewer(request, LOGIN_TO_EDIT)
    const form = await readAvatarForm(request)
    assertSelf(viewer.userId, form.userId)
    if (!form.image?.length) throw new BadRequestError('image_required')
    const webp = await avatarWebp(form.image)
    const staged = await stageStream(bytesOf(webp), blobs.stagingDir)
    try {
      // Pinned: no post refers to an avatar, and the collector must never take it.
      return await ctx.db.transaction().execute(async (trx) => {
        await filesService(trx, blobs).admit([{ staged, mime: 'image/webp' }], { pin: true })
        return profilesService(trx, ctx.events).setAvatar(viewer.userId, fileUrl(staged.cid))
      })
    } catch (error) {
      await staged.discard()
      await filesService(ctx.db, blobs).collect([staged.cid])
      throw error
    }
  })
}
