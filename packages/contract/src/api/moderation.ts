import Type from 'typebox'
import { IdParams } from '../common'
import type { Endpoint } from '../endpoint'
import {
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
} from '../moderation'

const ContentParams = Type.Object({
  kind: Type.Union([Type.Literal('posts'), Type.Literal('comments'), Type.Literal('reviews')]),
  id: Type.String({ minLength: 1, maxLength: 100 }),
})
const ActionParams = Type.Object({
  ...ContentParams.properties,
  action: Type.Union([Type.Literal('hide'), Type.Literal('restore'), Type.Literal('remove')]),
})

const tags = ['moderation']

/** Moderation: reports, the moderators' queue and actions, users' roles, suspensions and trust, the log. */
export const MODERATION_API = {
  'POST /reports': {
    tags,
    summary: 'Report a post, a comment or a user to the moderators (one open report per target)',
    body: ReportRequest,
    status: 201,
    answer: ReportResponse,
    errors: [400, 401, 404, 409, 429],
  },
  'GET /mod/reports': {
    tags,
    summary: 'The moderators’ queue: open reports grouped by target, most reported first',
    query: ModQueueQuery,
    answer: ModQueueResponse,
    errors: [400, 401, 403],
  },
  'POST /mod/reports/:id/resolve': {
    tags,
    summary: 'Settle every open report of a target: dismiss, hide, remove, or suspend its author',
    params: IdParams,
    body: ResolveReportRequest,
    answer: ResolveReportResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'POST /mod/:kind/:id/review': {
    tags,
    summary: 'Ask the moderators to look again at one’s hidden or removed post or comment',
    params: ContentParams,
    body: Type.Optional(ReviewRequest),
    answer: ModActionResponse,
    errors: [400, 401, 404, 409],
  },
  'POST /mod/:kind/:id/:action': {
    tags,
    summary: 'Hide, restore or remove a post or a comment, with a reason',
    params: ActionParams,
    body: ModActionRequest,
    answer: ModActionResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'POST /mod/users/:id/suspend': {
    tags,
    summary: 'Suspend a user until a time: they can read but not write',
    params: IdParams,
    body: SuspendRequest,
    answer: ModUserResponse,
    errors: [400, 401, 403, 404],
  },
  'POST /mod/users/:id/unsuspend': {
    tags,
    summary: 'Lift a suspension',
    params: IdParams,
    body: Type.Optional(UnsuspendRequest),
    answer: ModUserResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'POST /mod/users/:id/role': {
    tags,
    summary: 'Grant or revoke moderator (administrators only)',
    params: IdParams,
    body: RoleRequest,
    answer: ModUserResponse,
    errors: [400, 401, 403, 404],
  },
  'POST /mod/users/:id/trust': {
    tags,
    summary: 'Set a user’s trust (new or member), or let age and activity decide again (auto)',
    params: IdParams,
    body: TrustRequest,
    answer: ModUserResponse,
    errors: [400, 401, 403, 404],
  },
  'GET /mod/users/:id': {
    tags,
    summary: 'A user’s role, suspension and trust',
    params: IdParams,
    answer: ModUserResponse,
    errors: [401, 403, 404],
  },
  'GET /mod/users': {
    tags,
    summary: 'Users by role or by the start of their name (at most 50)',
    query: ModUsersQuery,
    answer: ModUsersResponse,
    errors: [400, 401, 403],
  },
  'GET /mod/log': {
    tags,
    summary: 'The public moderation log, newest first (moderators also see who acted)',
    query: ModLogQuery,
    answer: ModLogResponse,
    errors: [400],
  },
} as const satisfies Record<string, Endpoint>
