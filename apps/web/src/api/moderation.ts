/**
 * Moderation: reports, the moderators' queue and actions, roles, and the public log.
 * Screens use the hooks in features/mod and features/report, not these directly.
 */
import type {
  ModActionResponse,
  ModeratedKind,
  ModLogResponse,
  ModQueueResponse,
  ModUserResponse,
  ModUsersResponse,
  ReportReason,
  ReportRequest,
  ReportResponse,
  ReportTargetType,
  ResolveReportRequest,
  ResolveReportResponse,
  RoleRequest,
  SuspendRequest,
  TrustRequest,
  UnsuspendRequest,
  UserRole,
} from '@agora/contract'
import { call } from './client'

export const MOD_PAGE_SIZE = 20

/** What the queue shows: every open report, or those of one kind of target or one reason. */
export interface ModQueueFilters {
  targetType: ReportTargetType | null
  reason: ReportReason | null
}

/** POST /reports: 409 when the same person already has an open report on it. */
export function sendReport(report: ReportRequest): Promise<ReportResponse> {
  return call('POST /reports', { json: report })
}

/** GET /mod/reports: open reports grouped by their target, from `cursor`. */
export function getModQueue(
  filters: ModQueueFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ModQueueResponse> {
  return call('GET /mod/reports', {
    signal,
    query: {
      target_type: filters.targetType ?? undefined,
      reason: filters.reason ?? undefined,
      cursor: cursor ?? undefined,
      limit: MOD_PAGE_SIZE,
    },
  })
}

/** POST /mod/reports/{id}/resolve: settles every open report of that report's target. */
export function resolveReport(
  reportId: string,
  request: ResolveReportRequest,
): Promise<ResolveReportResponse> {
  return call('POST /mod/reports/:id/resolve', { params: { id: reportId }, json: request })
}

export type ModContentType = ModeratedKind
export type ModContentAction = 'hide' | 'restore' | 'remove'

/** The folder of each moderated kind in the moderation paths. */
const FOLDER = { post: 'posts', comment: 'comments', review: 'reviews' } as const

/** POST /mod/{posts|comments|reviews}/{id}/{hide|restore|remove}, without going through a report. */
export function moderateContent(
  type: ModContentType,
  id: string,
  action: ModContentAction,
  reason: string,
): Promise<ModActionResponse> {
  return call('POST /mod/:kind/:id/:action', { params: { kind: FOLDER[type], id, action }, json: { reason } })
}

/** POST /mod/users/{id}/suspend: `until` is an ISO date-time in the future. */
export function suspendUser(userId: string, request: SuspendRequest): Promise<ModUserResponse> {
  return call('POST /mod/users/:id/suspend', { params: { id: userId }, json: request })
}

/** POST /mod/users/{id}/unsuspend. */
export function unsuspendUser(userId: string, request: UnsuspendRequest): Promise<ModUserResponse> {
  return call('POST /mod/users/:id/unsuspend', { params: { id: userId }, json: request })
}

/** GET /mod/users: people with a role, or whose name starts with `q`. */
export function getModUsers(
  filter: { role?: UserRole; q?: string },
  signal?: AbortSignal,
): Promise<ModUsersResponse> {
  return call('GET /mod/users', { signal, query: { role: filter.role, q: filter.q } })
}

/** POST /mod/users/{id}/role (admins): grant or revoke moderator. */
export function setUserRole(userId: string, request: RoleRequest): Promise<ModUserResponse> {
  return call('POST /mod/users/:id/role', { params: { id: userId }, json: request })
}

/** POST /mod/users/{id}/trust: 'new' or 'member' pins it; 'auto' lets account age and activity decide again. */
export function setUserTrust(userId: string, request: TrustRequest): Promise<ModUserResponse> {
  return call('POST /mod/users/:id/trust', { params: { id: userId }, json: request })
}

/** GET /mod/log: the public moderation log, newest first, from `cursor`. */
export function getModLog(cursor: string | null, signal?: AbortSignal): Promise<ModLogResponse> {
  return call('GET /mod/log', { signal, query: { cursor: cursor ?? undefined, limit: MOD_PAGE_SIZE } })
}
