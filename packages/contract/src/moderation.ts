import Type, { type Static } from 'typebox'
import { LiteralUnion, Nullable } from './common'
import { PageOf, PageQuery, Timestamp } from './fields'
import {
  MOD_ACTIONS,
  MOD_REASON_MAX,
  MODERATION_STATES,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  TRUST_LEVELS,
  USER_ROLES,
} from './limits'
import { UserSummary } from './user-fields'

/**
 * Moderation and trust: reports, the moderators' queue, hide/restore/remove,
 * suspensions, roles, the public moderation log, blocks and trust levels.
 */
export const ReportReason = LiteralUnion(...REPORT_REASONS)
export const ReportTargetType = LiteralUnion(...REPORT_TARGET_TYPES)
export const UserRole = LiteralUnion(...USER_ROLES)
export const ModerationStateName = LiteralUnion(...MODERATION_STATES)
export const ModAction = LiteralUnion(...MOD_ACTIONS)
export const TrustLevel = LiteralUnion(...TRUST_LEVELS)
export type ReportReason = Static<typeof ReportReason>
export type ReportTargetType = Static<typeof ReportTargetType>
export type UserRole = Static<typeof UserRole>
export type ModerationStateName = Static<typeof ModerationStateName>
export type ModAction = Static<typeof ModAction>
export type TrustLevel = Static<typeof TrustLevel>

/** A moderator's reason: required, 1 to MOD_REASON_MAX characters after trimming. */
const Reason = Type.String({ minLength: 1, maxLength: MOD_REASON_MAX })

/** POST /reports. One open report per reporter and target (409); nobody reports themselves (400). */
export const ReportRequest = Type.Object({
  target_type: ReportTargetType,
  target_id: Type.String({ minLength: 1, maxLength: 100 }),
  reason: ReportReason,
  note: Type.Optional(Type.String({ maxLength: REPORT_NOTE_MAX })),
})
export type ReportRequest = Static<typeof ReportRequest>

export const ReportResponse = Type.Object({
  id: Type.String(),
  target_type: ReportTargetType,
  target_id: Type.String(),
  reason: ReportReason,
  note: Type.String(),
  status: LiteralUnion('open', 'dismissed', 'actioned'),
  created_at: Type.String({ description: 'ISO 8601' }),
})
export type ReportResponse = Static<typeof ReportResponse>

/**
 * Where a post or comment stands with the moderators, shown to its author (and moderators) when it
 * is not plainly visible: "Hidden by a moderator: {reason}".
 */
export const ModerationState = Type.Object({
  state: ModerationStateName,
  reason: Type.String(),
  at: Nullable(Type.String({ description: 'ISO 8601' })),
  /** The author asked the moderators to look again (POST /mod/{posts|comments}/{id}/review). */
  review_requested: Type.Boolean(),
})
export type ModerationState = Static<typeof ModerationState>

/** One report as the queue shows it. */
export const QueueReport = Type.Object({
  reason: ReportReason,
  id: Type.String(),
  note: Type.String(),
  reporter: Type.String({ description: 'the reporter’s username' }),
  created_at: Timestamp,
})

/** The reported thing in context: what a moderator needs to judge it without leaving the queue. */
export const QueueTarget = Type.Object({
  type: ReportTargetType,
  id: Type.String(),
  /** The post's title, the comment's post title, or the user's name. */
  title: Type.String(),
  /** The first words of the text (post content, comment, or the user's bio). */
  excerpt: Type.String(),
  author_id: Type.String(),
  author_name: Type.String(),
  /** Where it is in the web app. */
  url: Type.String(),
  /** The post the comment is on; the post itself for a post; null for a user. */
  post_id: Nullable(Type.String()),
  moderation: ModerationState,
  /** For a user: until when they are suspended (null when not). */
  suspended_until: Type.Optional(Nullable(Type.String())),
})
export type QueueTarget = Static<typeof QueueTarget>

/** Open reports grouped by their target, most reported first then oldest. */
export const QueueItem = Type.Object({
  target: QueueTarget,
  count: Type.Integer({ minimum: 0 }),
  reasons: Type.Array(ReportReason),
  reports: Type.Array(QueueReport),
  first_reported_at: Nullable(Timestamp),
  /** The author asked for a review of a hidden post or comment (it may have no open report). */
  review_requested: Type.Boolean(),
})
export type QueueItem = Static<typeof QueueItem>

export const ModQueueQuery = Type.Object({
  target_type: Type.Optional(ReportTargetType),
  reason: Type.Optional(ReportReason),
  ...PageQuery.properties,
})
export type ModQueueQuery = Static<typeof ModQueueQuery>

export const ModQueueResponse = Type.Object({
  ...PageOf(QueueItem).properties,
  /** Every open group, whatever the filters. */
  open: Type.Integer({ minimum: 0 }),
})
export type ModQueueResponse = Static<typeof ModQueueResponse>

/**
 * POST /mod/reports/{id}/resolve: settles every open report of that report's target at once.
 * `suspend` needs `until` and suspends the target's author (or the reported user).
 */
export const ResolveReportRequest = Type.Object({
  action: LiteralUnion('dismiss', 'hide', 'remove', 'suspend'),
  reason: Reason,
  until: Type.Optional(Type.String({ format: 'date-time' })),
})
export type ResolveReportRequest = Static<typeof ResolveReportRequest>

export const ResolveReportResponse = Type.Object({ resolved: Type.Integer({ minimum: 0 }) })
export type ResolveReportResponse = Static<typeof ResolveReportResponse>

/** POST /mod/{posts|comments}/{id}/{hide|restore|remove}. */
export const ModActionRequest = Type.Object({ reason: Reason })
export type ModActionRequest = Static<typeof ModActionRequest>

export const ModActionResponse = ModerationState
export type ModActionResponse = Static<typeof ModActionResponse>

/** POST /mod/users/{id}/suspend: `until` in the future. */
export const SuspendRequest = Type.Object({ until: Type.String({ format: 'date-time' }), reason: Reason })
export type SuspendRequest = Static<typeof SuspendRequest>

export const UnsuspendRequest = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: MOD_REASON_MAX })),
})
export type UnsuspendRequest = Static<typeof UnsuspendRequest>

/** A user as moderators see them. */
export const ModUserResponse = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: UserRole,
  suspended_until: Nullable(Type.String()),
  suspension_reason: Type.String(),
  trust: TrustLevel,
  /** A moderator's setting, or null when trust follows age and activity. */
  trust_override: Nullable(TrustLevel),
})
export type ModUserResponse = Static<typeof ModUserResponse>

/** POST /mod/users/{id}/role (admins): grant or revoke moderator. */
export const RoleRequest = Type.Object({
  role: LiteralUnion('user', 'moderator'),
  reason: Type.Optional(Reason),
})
export type RoleRequest = Static<typeof RoleRequest>

/** POST /mod/users/{id}/trust: 'auto' lets age and activity decide again. */
export const TrustRequest = Type.Object({ level: LiteralUnion('auto', 'new', 'member'), reason: Reason })
export type TrustRequest = Static<typeof TrustRequest>

/** GET /mod/users?role=moderator|admin, or ?q= a name's start: people to manage. */
export const ModUsersQuery = Type.Object({
  role: Type.Optional(UserRole),
  q: Type.Optional(Type.String({ maxLength: 40 })),
})
export const ModUsersResponse = Type.Object({ items: Type.Array(ModUserResponse) })
export type ModUsersResponse = Static<typeof ModUsersResponse>

/** POST /mod/{posts|comments}/{id}/review: the author asks the moderators to look again. */
export const ReviewRequest = Type.Object({ note: Type.Optional(Type.String({ maxLength: REPORT_NOTE_MAX })) })
export type ReviewRequest = Static<typeof ReviewRequest>

/** GET /mod/log: a page of the public moderation log. */
export const ModLogQuery = PageQuery
export type ModLogQuery = Static<typeof ModLogQuery>

/** One line of the public moderation log. `moderator` is there for moderators only. */
export const ModLogEntry = Type.Object({
  id: Type.String(),
  action: ModAction,
  target_type: ReportTargetType,
  target_id: Type.String(),
  /** The post's title, or the user's name; '' when gone. */
  target_label: Type.String(),
  reason: Type.String(),
  created_at: Timestamp,
  moderator: Type.Optional(Type.String()),
  /** For suspend: until when; for grant/revoke/trust: the role or level. */
  detail: Type.Optional(Type.String()),
})
export type ModLogEntry = Static<typeof ModLogEntry>

export const ModLogResponse = PageOf(ModLogEntry)
export type ModLogResponse = Static<typeof ModLogResponse>

/** POST|DELETE /users/{id}/block. */
export const BlockResponse = Type.Object({ blocked: Type.Boolean() })
export type BlockResponse = Static<typeof BlockResponse>

export const BlockedUser = Type.Object({
  id: Type.String(),
  ...UserSummary.properties,
  blocked_at: Timestamp,
})
export type BlockedUser = Static<typeof BlockedUser>

/** GET /auth/me/blocks: whom I blocked, newest first. */
export const BlocksResponse = Type.Object({ items: Type.Array(BlockedUser) })
export type BlocksResponse = Static<typeof BlocksResponse>

/** What the signed-in user's own data says of their standing (added to MeResponse). */
export const Standing = Type.Object({
  role: UserRole,
  suspended_until: Nullable(Type.String()),
  suspension_reason: Type.String(),
  trust: TrustLevel,
})
export type Standing = Static<typeof Standing>
