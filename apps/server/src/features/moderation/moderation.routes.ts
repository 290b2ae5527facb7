import {
  IdParams,
  ModActionRequest,
  ModActionResponse,
  ModLogQuery,
  ModLogResponse,
  ModQueueQuery,
  ModQueueResponse,
  ModUserResponse,
  ModUsersQuery,
  ModUsersResponse,
  ReportRequest,
  ReportResponse,
  ResolveReportRequest,
  ResolveReportResponse,
  ReviewRequest,
  RoleRequest,
  SuspendRequest,
  TrustRequest,
  UnsuspendRequest,
} from '@agora/contract'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { perUserLimit } from '../../http/rate-limit'
import { failures } from '../../http/responses'
import { requireAdmin, requireModerator } from '../../http/standing'
import { moderationService } from './moderation.service'

export const LOGIN_TO_REPORT = 'Please login to report something to the moderators'

const ContentParams = Type.Object({
  kind: Type.Union([Type.Literal('posts'), Type.Literal('comments')]),
  id: Type.String({ minLength: 1, maxLength: 100 }),
})
const ActionParams = Type.Object({
  ...ContentParams.properties,
  action: Type.Union([Type.Literal('hide'), Type.Literal('restore'), Type.Literal('remove')]),
})
const KIND = { posts: 'post', comments: 'comment' } as const

export async function moderationRoutes(app: AppInstance, ctx: AppContext) {
  const moderation = moderationService(ctx.db, ctx.events, ctx.config.trust)
  const tags = ['moderation']

  app.post(
    '/reports',
    {
      config: {
        rateLimit: perUserLimit(ctx.config.trust.reportsPerHour, 'You are reporting too quickly.', '1 hour'),
      },
      schema: {
        tags,
        summary: 'Report a post, a comment or a user to the moderators (one open report per target)',
        body: ReportRequest,
        response: { 201: ReportResponse, ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, LOGIN_TO_REPORT)
      return reply.status(201).send(await moderation.report(viewer.userId, request.body))
    },
  )

  app.get(
    '/mod/reports',
    {
      schema: {
        tags,
        summary: 'The moderators’ queue: open reports grouped by target, most reported first',
        querystring: ModQueueQuery,
        response: { 200: ModQueueResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireModerator(request)
      return moderation.queue(request.query)
    },
  )

  app.post(
    '/mod/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Settle every open report of a target: dismiss, hide, remove, or suspend its author',
        params: IdParams,
        body: ResolveReportRequest,
        response: { 200: ResolveReportResponse, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request)
      return moderation.resolve(moderator, request.params.id, request.body)
    },
  )

  app.post(
    '/mod/:kind/:id/review',
    {
      schema: {
        tags,
        summary: 'Ask the moderators to look again at one’s hidden or removed post or comment',
        params: ContentParams,
        body: Type.Optional(ReviewRequest),
        response: { 200: ModActionResponse, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request)
      const { kind, id } = request.params
      return moderation.requestReview(viewer.userId, KIND[kind], id, request.body?.note ?? '')
    },
  )

  app.post(
    '/mod/:kind/:id/:action',
    {
      schema: {
        tags,
        summary: 'Hide, restore or remove a post or a comment, with a reason',
        params: ActionParams,
        body: ModActionRequest,
        response: { 200: ModActionResponse, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request)
      const { kind, id, action } = request.params
      return moderation.act(moderator, KIND[kind], id, action, request.body.reason)
    },
  )

  app.post(
    '/mod/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a user until a time: they can read but not write',
        params: IdParams,
        body: SuspendRequest,
        response: { 200: ModUserResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request)
      return moderation.suspendUser(moderator, request.params.id, request.body.until, request.body.reason)
    },
  )

  app.post(
    '/mod/users/:id/unsuspend',
    {
      schema: {
        tags,
        summary: 'Lift a suspension',
        params: IdParams,
        body: Type.Optional(UnsuspendRequest),
        response: { 200: ModUserResponse, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request)
      return moderation.unsuspend(moderator, request.params.id, request.body?.reason ?? '')
    },
  )

  app.post(
    '/mod/users/:id/role',
    {
      schema: {
        tags,
        summary: 'Grant or revoke moderator (administrators only)',
        params: IdParams,
        body: RoleRequest,
        response: { 200: ModUserResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request)
      return moderation.setRole(admin, request.params.id, request.body.role, request.body.reason)
    },
  )

  app.post(
    '/mod/users/:id/trust',
    {
      schema: {
        tags,
        summary: 'Set a user’s trust (new or member), or let age and activity decide again (auto)',
        params: IdParams,
        body: TrustRequest,
        response: { 200: ModUserResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const moderator = await requireModerator(request)
      return moderation.setTrust(moderator, request.params.id, request.body)
    },
  )

  app.get(
    '/mod/users/:id',
    {
      schema: {
        tags,
        summary: 'A user’s role, suspension and trust',
        params: IdParams,
        response: { 200: ModUserResponse, ...failures(401, 403, 404) },
      },
    },
    async (request) => {
      await requireModerator(request)
      return moderation.user(request.params.id)
    },
  )

  app.get(
    '/mod/users',
    {
      schema: {
        tags,
        summary: 'Users by role or by the start of their name (at most 50)',
        querystring: ModUsersQuery,
        response: { 200: ModUsersResponse, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireModerator(request)
      return moderation.users(request.query)
    },
  )

  app.get(
    '/mod/log',
    {
      schema: {
        tags,
        summary: 'The public moderation log, newest first (moderators also see who acted)',
        querystring: ModLogQuery,
        response: { 200: ModLogResponse, ...failures(400) },
      },
    },
    async (request) => moderation.log(await request.viewer(), request.query),
  )
}
