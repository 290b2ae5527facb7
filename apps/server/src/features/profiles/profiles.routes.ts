import {
  ErrorResponse,
  ModifyBioRequest,
  ModifyEmailRequest,
  ModifyPhoneRequest,
  ModifyProfileRequest,
  ModifyResponse,
  ModifySettingsRequest,
  ModifyTitleRequest,
  ModifyUrlRequest,
  PersonInformationQuery,
  PersonInformationResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../app'
import { requireViewer } from '../../http/auth'
import { profilesService } from './profiles.service'

const LOGIN_TO_EDIT = 'Please login to edit your profile'
const FORM = ['application/x-www-form-urlencoded', 'application/json']
const modifyErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse }

export async function profilesRoutes(app: AppInstance, ctx: AppContext) {
  const profiles = profilesService(ctx.db)

  app.get(
    '/auth/person_information',
    {
      schema: {
        tags: ['profiles'],
        summary:
          "An author's public profile; what their privacy flags hide is withheld from everyone but them",
        querystring: PersonInformationQuery,
        response: { 200: PersonInformationResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const viewer = await request.viewer()
      return profiles.personInformation(viewer?.userId ?? null, request.query.user_id)
    },
  )

  const modifySchema = <T>(summary: string, body: T) => ({
    tags: ['profiles'],
    summary,
    consumes: FORM,
    body,
    response: { 200: ModifyResponse, ...modifyErrors },
  })

  app.post(
    '/modify/modify_title',
    { schema: modifySchema('Change your title', ModifyTitleRequest) },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const { user_id, new_title } = request.body
      return profiles.modify(viewer.userId, user_id, { title: new_title }, 'Title updated')
    },
  )

  app.post(
    '/modify/modify_bio',
    { schema: modifySchema('Change your bio', ModifyBioRequest) },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const { user_id, new_bio } = request.body
      return profiles.modify(viewer.userId, user_id, { bio: new_bio }, 'Bio updated')
    },
  )

  app.post(
    '/modify/modify_url',
    { schema: modifySchema('Change your website (http or https)', ModifyUrlRequest) },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const { user_id, new_url } = request.body
      return profiles.modify(viewer.userId, user_id, { url: new_url }, 'Website updated')
    },
  )

  app.post(
    '/modify/modify_email',
    { schema: modifySchema('Change your email', ModifyEmailRequest) },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const { user_id, new_email } = request.body
      return profiles.modify(viewer.userId, user_id, { email: new_email }, 'Email updated')
    },
  )

  app.post(
    '/modify/modify_phone',
    { schema: modifySchema('Change your phone number', ModifyPhoneRequest) },
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      const { user_id, new_phone } = request.body
      return profiles.modify(viewer.userId, user_id, { phone: new_phone }, 'Phone updated')
    },
  )

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
    async (request) => {
      const viewer = await requireViewer(request, LOGIN_TO_EDIT)
      return profiles.modifyProfile(viewer.userId, request.body)
    },
  )
}
