import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './schema.columns'

/** The social tables: notifications, follows, bookmarks and the Following feed. */

// ---- notifications (features/notifications; migration 0012) ----

/** One notification of a user; `group_key` unique per user (aggregated likes, one per source). */
export interface NotificationsTable {
  id: Generated<string>
  user_id: string
  kind: string
  actor_id: string | null
  post_id: string | null
  comment_id: string | null
  group_key: string | null
  actors_count: Generated<number>
  excerpt: Generated<string>
  tag: string | null
  data: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: CreatedAt
  /** The last activity: the list's order. */
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Who counted in a notification (an aggregated like entry counts each person once). */
export interface NotificationActorsTable {
  notification_id: string
  actor_id: string
}

/** The kinds of notification a user turned off; no row: all on. */
export interface NotificationSettingsTable {
  user_id: string
  disabled: ColumnType<string[], string[] | undefined, string[]>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

// ---- follows, bookmarks and the Following feed (features/follows and features/bookmarks; migration 0013) ----

/** Someone follows an author (`kind` 'user', `target` the user id) or a tag (`target` the normalised tag). */
export interface FollowsTable {
  follower_id: string
  kind: 'user' | 'tag'
  target: string
  created_at: CreatedAt
}

/** A post a user saved. */
export interface BookmarksTable {
  user_id: string
  post_id: string
  created_at: CreatedAt
}

/** A public post under each source it can be followed by (its author, its tags); kept by triggers on posts. */
export interface FeedEntriesTable {
  kind: 'user' | 'tag'
  target: string
  post_id: string
  media_type: string
  created_at: ColumnType<Date, never, never>
  hot_score: ColumnType<number, never, never>
}
