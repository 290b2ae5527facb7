import { type Kysely, sql } from 'kysely'

/**
 * Notifications (issue 18, features/notifications). A notification goes with its source: the
 * recipient, the actor, the post or the comment it is about (ON DELETE CASCADE).
 *
 * - `group_key` is unique per recipient: likes of one target on one UTC day are one entry
 *   (`like:post:{id}:{day}`), a text mentions someone once (`mention:comment:{id}`), a follower
 *   hears of a post once (`post:{id}`), a claim settles once (`claim:{id}`). It also makes a
 *   retried outbox delivery write nothing twice.
 * - `notification_actors` remembers who counted in an aggregated entry, so the same liker never
 *   counts twice (a like, an unlike and a like again).
 * - `updated_at` is the last activity: the list's keyset order. Millisecond precision, so a
 *   cursor that travels through a string finds its row again.
 * - `notification_settings.disabled` names the kinds a user turned off (none: all on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id bigint generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      actor_id uuid references users (id) on delete cascade,
      post_id uuid references posts (id) on delete cascade,
      comment_id uuid references comments (id) on delete cascade,
      group_key text,
      actors_count integer not null default 1,
      excerpt text not null default '',
      tag text,
      data jsonb not null default '{}',
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      updated_at timestamptz not null default date_trunc('milliseconds', now()),
      read_at timestamptz
    )
  `.execute(db)
  await sql`create unique index notifications_group_idx on notifications (user_id, group_key)`.execute(db)
  await sql`create index notifications_recent_idx on notifications (user_id, updated_at desc, id desc)`.execute(
    db,
  )
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  )
  // For the cascades: deleting a post, comment or user finds its notifications by index.
  await sql`create index notifications_post_idx on notifications (post_id) where post_id is not null`.execute(
    db,
  )
  await sql`create index notifications_comment_idx on notifications (comment_id) where comment_id is not null`.execute(
    db,
  )
  await sql`create index notifications_actor_idx on notifications (actor_id) where actor_id is not null`.execute(
    db,
  )

  await sql`
    create table notification_actors (
      notification_id bigint not null references notifications (id) on delete cascade,
      actor_id uuid not null references users (id) on delete cascade,
      primary key (notification_id, actor_id)
    )
  `.execute(db)
  await sql`create index notification_actors_actor_idx on notification_actors (actor_id)`.execute(db)

  await sql`
    create table notification_settings (
      user_id uuid primary key references users (id) on delete cascade,
      disabled text[] not null default '{}',
      updated_at timestamptz not null default now()
    )
  `.execute(db)

  // Prefix search on user names (GET /users/search, @mention suggestions): in byte order, so
  // LIKE 'prefix%' and ORDER BY … LIMIT 8 both walk this index.
  await sql`create index users_username_prefix_idx on users ((lower(username) collate "C"))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username_prefix_idx`.execute(db)
  await sql`drop table notification_settings`.execute(db)
  await sql`drop table notification_actors`.execute(db)
  await sql`drop table notifications`.execute(db)
}
