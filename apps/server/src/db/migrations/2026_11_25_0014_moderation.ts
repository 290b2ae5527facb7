import { type Kysely, sql } from 'kysely'

/**
 * Moderation and trust (issue 27, features/moderation).
 *
 * - `users.role`: user, moderator or admin (granted from the command line, `npm run admin`).
 *   `suspended_until`/`suspension_reason`: a suspended user reads but cannot write until then.
 *   `trust_override`: a moderator's 'new' or 'member'; null lets age and activity decide.
 * - `posts`/`comments.moderation`: null (visible), 'hidden' or 'removed', with the moderator's
 *   reason, when, and whether the author asked for a review. Every read of posts goes through the
 *   visibility policy (db/visibility.ts), which treats a moderated post like a private one: only
 *   its author sees it. The Following feed's trigger drops such posts the same way.
 * - `reports`: one open report per reporter and target (a partial unique index); the queue reads
 *   the open ones by target. `target_user_id` is the target's author (or the user reported), so a
 *   suspension from the queue knows whom, and the reports go with that user.
 * - `mod_log`: what moderators did, kept when the target goes (`target_label` remembers its name).
 * - `blocks`: who blocked whom.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column role text not null default 'user' check (role in ('user', 'moderator', 'admin')),
      add column suspended_until timestamptz,
      add column suspension_reason text not null default '',
      add column trust_override text check (trust_override in ('new', 'member'))
  `.execute(db)
  for (const table of ['posts', 'comments']) {
    await sql`
      alter table ${sql.table(table)}
        add column moderation text check (moderation in ('hidden', 'removed')),
        add column moderation_reason text not null default '',
        add column moderated_at timestamptz,
        add column review_requested_at timestamptz
    `.execute(db)
  }

  await sql`
    create table reports (
      id uuid primary key,
      reporter_id uuid not null references users (id) on delete cascade,
      target_type text not null check (target_type in ('post', 'comment', 'user')),
      target_id uuid not null,
      target_user_id uuid not null references users (id) on delete cascade,
      reason text not null
        check (reason in ('spam', 'harassment', 'plagiarism', 'copyright', 'misinformation', 'other')),
      note text not null default '',
      status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
      resolved_by uuid references users (id) on delete set null,
      resolved_at timestamptz,
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )
  `.execute(db)
  await sql`
    create unique index reports_open_once_idx on reports (reporter_id, target_type, target_id)
    where status = 'open'
  `.execute(db)
  await sql`create index reports_open_target_idx on reports (target_type, target_id) where status = 'open'`.execute(
    db,
  )
  await sql`create index reports_target_user_idx on reports (target_user_id)`.execute(db)
  await sql`create index reports_reporter_recent_idx on reports (reporter_id, created_at desc)`.execute(db)

  await sql`
    create table mod_log (
      id uuid primary key,
      moderator_id uuid references users (id) on delete set null,
      action text not null,
      target_type text not null check (target_type in ('post', 'comment', 'user')),
      target_id uuid not null,
      target_label text not null default '',
      reason text not null default '',
      detail text not null default '',
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )
  `.execute(db)
  await sql`create index mod_log_recent_idx on mod_log (created_at desc, id desc)`.execute(db)

  await sql`
    create table blocks (
      blocker_id uuid not null references users (id) on delete cascade,
      blocked_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id)
    )
  `.execute(db)
  await sql`create index blocks_blocked_idx on blocks (blocked_id)`.execute(db)

  // The Following feed holds public posts nobody moderated (migration 0013's function, one condition more).
  await sql`
    create or replace function feed_entries_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if old.visibility = new.visibility and old.tags = new.tags and old.user_id = new.user_id
          and old.media_type = new.media_type and old.moderation is not distinct from new.moderation then
          update feed_entries set created_at = new.created_at, hot_score = new.hot_score
          where post_id = new.id;
          return null;
        end if;
        delete from feed_entries where post_id = new.id;
      end if;
      if new.visibility = 'public' and new.moderation is null then
        insert into feed_entries (kind, target, post_id, media_type, created_at, hot_score)
        select source.kind, source.target, new.id, new.media_type, new.created_at, new.hot_score
        from (
          select 'user' as kind, new.user_id::text as target
          union
          select 'tag', tag from unnest(new.tags) tag
        ) source;
      end if;
      return null;
    end
    $$
  `.execute(db)
  await sql`drop trigger feed_entries_update_trg on posts`.execute(db)
  await sql`
    create trigger feed_entries_update_trg after update on posts
    for each row when (
      old.created_at is distinct from new.created_at or old.hot_score is distinct from new.hot_score
      or old.tags is distinct from new.tags or old.visibility is distinct from new.visibility
      or old.user_id is distinct from new.user_id or old.media_type is distinct from new.media_type
      or old.moderation is distinct from new.moderation
    )
    execute function feed_entries_sync()
  `.execute(db)
}

/** Not undone: the Following feed's trigger would have to go back to migration 0013's by hand. */
export async function down(): Promise<void> {
  throw new Error('Migration 0014 (moderation) cannot be undone; restore a backup taken before it instead')
}
