import {
  AVATAR_MAX_BYTES,
  ModifyBioRequest,
  ModifyEmailRequest,
  ModifyPhoneRequest,
  ModifyProfileRequest,
  ModifyResponse,
  ModifySettingsRequest,
  ModifyTitleRequest,
  ModifyUrlRequest,
  OwnCommentsResponse,
  OwnUserResponse,
  PersonByNameParams,
  PersonInformationQuery,
  PersonInformationResponse,
  PostPageQuery,
  PostPageResponse,
  UserSearchQuery,
  UserSearchResponse,
} from '@agora/contract'
import type { FastifyRequest } from 'fastify'
import { stageStream } from '../../blobs/index'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId, requireViewer } from '../../http/auth'
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../http/errors'
import { failures } from '../../http/responses'
import { filesService, fileUrl } from '../files/index'
import { postsService } from '../posts/index'
import { avatarWebp } from './profiles.avatar'
import { searchUsers } from './profiles.search'
import { assertSelf, profilesService } from './profiles.service'

const LOGIN_TO_EDIT = 'Please login to edit your profile'
const LOGIN_TO_VIEW_OWN = 'Please login to view your content'
const FORM = ['application/x-www-form-urlencoded', 'application/json']
const modifyErrors = { ...failures(400, 401, 403, 409) }
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

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with real counts and the activity of the last 30 days',
        response: { 200: OwnUserResponse, ...failures(401) },
      },
    },
    async (request) => profiles.ownUser(await requireUserId(request), ctx.config.trust),
  )

  // ---- user search (@mention suggestions) ----
  app.get(
    '/users/search',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Users whose name starts with `q` (case-insensitive), at most 8: @mention suggestions',
        querystring: UserSearchQuery,
        response: { 200: UserSearchResponse, ...failures(400, 401) },
      },
    },
    async (request) => {
      await requireViewer(request, 'Please login to search for users')
      return searchUsers(ctx.db, request.query.q)
    },
  )
  // ---- end user search ----

  app.get(
    '/auth/person_information',
    {
      schema: {
        tags: ['profiles'],
        summary:
          "An author's public profile; what their privacy flags hide is withheld from everyone but them",
        querystring: PersonInformationQuery,
        response: { 200: PersonInformationResponse, ...failures(400, 404) },
      },
    },
    async (request) => {
      const viewer = await request.viewer()
      return profiles.personInformation(viewer?.userId ?? null, request.query.user_id)
    },
  )

  // Anyone may follow an @mention: the same profile, and the same withholding, as by id.
  app.get(
    '/users/by_name/:name',
    {
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile by name (any letter case), withheld as `/auth/person_information`",
        params: PersonByNameParams,
        response: { 200: PersonInformationResponse, ...failures(400, 404) },
      },
    },
    async (request) => {
      const viewer = await request.viewer()
      return profiles.personByName(viewer?.userId ?? null, request.params.name)
    },
  )

  const ownPostsSchema = (summary: string) => ({
    tags: ['profiles'],
    summary,
    querystring: PostPageQuery,
    response: { 200: PostPageResponse, ...failures(400, 401) },
  })

  // The viewer's own lists of posts: they are both who looks and whose posts these are.
  const ownPostLists = [
    {
      path: '/auth/me/posts',
      summary: 'Your posts, private ones included (skip/limit paging, 12 by default)',
      list: posts.byAuthor,
    },
    {
      path: '/auth/me/liked',
      summary: 'The posts you liked, newest like first by default (skip/limit paging)',
      list: posts.likedBy,
    },
  ]
  for (const { path, summary, list } of ownPostLists) {
    app.get(path, { schema: ownPostsSchema(summary) }, async (request) => {
      const userId = await requireUserId(request, LOGIN_TO_VIEW_OWN)
      return list(userId, userId, request.query)
    })
  }

  app.get(
    '/auth/me/comments',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Your comments, newest first by default (skip/limit paging)',
        querystring: PostPageQuery,
        response: { 200: OwnCommentsResponse, ...failures(400, 401) },
      },
    },
    async (request) => profiles.ownComments(await requireUserId(request, LOGIN_TO_VIEW_OWN), request.query),
  )

  const modifySchema = <T>(summary: string, body: T) => ({
    tags: ['profiles'],
    summary,
    consumes: FORM,
    body,
    response: { 200: ModifyResponse, ...modifyErrors },
  })

  // The single-field edits: /modify/modify_<field> with `new_<field>` in the body.
  const singleFieldEdits = [
    { field: 'title', body: ModifyTitleRequest, summary: 'Change your title', message: 'Title updated' },
    { field: 'bio', body: ModifyBioRequest, summary: 'Change your bio', message: 'Bio updated' },
    {
      field: 'url',
      body: ModifyUrlRequest,
      summary: 'Change your website (http or https)',
      message: 'Website updated',
    },
    { field: 'email', body: ModifyEmailRequest, summary: 'Change your email', message: 'Email updated' },
    {
      field: 'phone',
      body: ModifyPhoneRequest,
      summary: 'Change your phone number',
      message: 'Phone updated',
    },
  ] as const
  for (const edit of singleFieldEdits) {
    app.post(
      `/modify/modify_${edit.field}`,
      { schema: modifySchema(edit.summary, edit.body) },
      async (request) => {
        const viewer = await requireViewer(request, LOGIN_TO_EDIT)
        const body = request.body as { user_id?: string } & Record<string, string>
        const changes = { [edit.field]: body[`new_${edit.field}`] }
        return profiles.modify(viewer.userId, body.user_id, changes, edit.message)
      },
    )
  }

  app.post(
    '/modify/modify_settings',
    { schema: modifySchema('Change your privacy flags (any of the five)', ModifySettingsRequest) },
    async (request) => {
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
    },
  )

  app.post(
    '/modify/modify_profile',
    {
      schema: modifySchema('Change any profile fields; an unknown field answers 400', ModifyProfileRequest),
    },
    async (request) => profiles.modifyProfile(await requireUserId(request, LOGIN_TO_EDIT), request.body),
  )

  app.post(
    '/modify/modify_avatar',
    {
      schema: {
        tags: ['profiles'],
        summary: `Change your avatar: an image by content, at most ${AVATAR_MB} MB, stored as a 256 px WebP`,
        consumes: ['multipart/form-data'],
        response: { 200: ModifyResponse, ...modifyErrors, ...failures(413, 415) },
      },
    },
    async (request) => {
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
    },
  )
}
