import type { ModLogEntry, ModUserResponse, QueueItem, ReportReason } from '@agora/contract'
import { activeSuspension, moderationState, VISIBLE } from '../../db/moderation-state'
import type { Trust } from '../../policy/index'
import type { LogRow, OpenReportRow, TargetRow } from './moderation.store'

export interface StandingRow {
  id: string
  username: string
  role: 'user' | 'moderator' | 'admin'
  suspended_until: Date | null
  suspension_reason: string
  trust_override: Trust | null
}

/** Where a reported thing is in the web app. */
export function urlOf(target: Pick<TargetRow, 'type' | 'id' | 'post_id'>): string {
  if (target.type === 'user') return `/author/${target.id}`
  if (target.type === 'comment') return `/forum/detail/${target.post_id}#${target.id}`
  return `/forum/detail/${target.id}`
}

export function toQueueItem(target: TargetRow, reports: OpenReportRow[]): QueueItem {
  const state = moderationState(target, true)
  return {
    target: {
      type: target.type,
      id: target.id,
      title: target.title,
      excerpt: target.excerpt,
      author_id: target.author_id,
      author_name: target.author_name,
      url: urlOf(target),
      post_id: target.post_id,
      moderation: state ?? VISIBLE,
      ...(target.type === 'user'
        ? { suspended_until: activeSuspension(target.suspended_until)?.toISOString() ?? null }
        : {}),
    },
    count: reports.length,
    reasons: [...new Set(reports.map((report) => report.reason as ReportReason))],
    reports: reports.map((report) => ({
      id: report.id,
      reason: report.reason as ReportReason,
      note: report.note,
      reporter: report.reporter,
      created_at: report.created_at.toISOString(),
    })),
    first_reported_at: reports[0]?.created_at.toISOString() ?? null,
    review_requested: target.review_requested_at !== null,
  }
}

export function toModUser(user: StandingRow, trust: Trust): ModUserResponse {
  const until = activeSuspension(user.suspended_until)?.toISOString() ?? null
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    suspended_until: until,
    suspension_reason: until ? user.suspension_reason : '',
    trust,
    trust_override: user.trust_override,
  }
}

export function toLogEntry(row: LogRow, forModerator: boolean): ModLogEntry {
  return {
    id: row.id,
    action: row.action as ModLogEntry['action'],
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    ...(forModerator ? { moderator: row.moderator ?? '' } : {}),
    ...(row.detail ? { detail: row.detail } : {}),
  }
}
