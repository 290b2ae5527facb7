import type { TargetType } from '@agora/contract'
import type { ColumnType } from 'kysely'
import type { CreatedAt } from './schema.columns'

/** The tables and columns of moderation and trust (features/moderation; migration 0014). */

export type ModerationColumn = 'hidden' | 'removed'

/** Where a post or comment stands with the moderators: null when nobody moderated it. */
export interface ModeratedColumns {
  moderation: ColumnType<ModerationColumn | null, never, ModerationColumn | null>
  moderation_reason: ColumnType<string, never, string>
  moderated_at: ColumnType<Date | null, never, Date | string | null>
  review_requested_at: ColumnType<Date | null, never, Date | string | null>
}

/** A user's standing: role, suspension and a moderator's trust setting. */
export interface StandingColumns {
  role: ColumnType<'user' | 'moderator' | 'admin', never, 'user' | 'moderator' | 'admin'>
  suspended_until: ColumnType<Date | null, never, Date | string | null>
  suspension_reason: ColumnType<string, never, string>
  trust_override: ColumnType<'new' | 'member' | null, never, 'new' | 'member' | null>
}

export interface ReportsTable {
  id: string
  reporter_id: string
  target_type: TargetType
  target_id: string
  target_user_id: string
  reason: string
  note: ColumnType<string, string | undefined, string>
  status: ColumnType<'open' | 'dismissed' | 'actioned', 'open' | undefined, 'dismissed' | 'actioned'>
  resolved_by: ColumnType<string | null, never, string | null>
  resolved_at: ColumnType<Date | null, never, Date | string | null>
  created_at: CreatedAt
}

export interface ModLogTable {
  id: string
  moderator_id: string | null
  action: string
  target_type: TargetType
  target_id: string
  target_label: ColumnType<string, string | undefined, never>
  reason: ColumnType<string, string | undefined, never>
  detail: ColumnType<string, string | undefined, never>
  created_at: CreatedAt
}

export interface BlocksTable {
  blocker_id: string
  blocked_id: string
  created_at: CreatedAt
}
