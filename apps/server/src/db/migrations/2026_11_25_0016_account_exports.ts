import { type Kysely, sql } from 'kysely'

/**
 * Taking one's data and leaving (issue 20).
 *
 * - `users.deleted_at`: the account was deleted; the row stays, named "[deleted user]" (a name no one
 *   can register), so what the user chose to keep keeps its author, and nobody can sign in to it.
 *   Usernames are unique among accounts not deleted.
 * - `released_usernames`: a deleted account's name, held until `free_at` (30 days) so nobody takes
 *   it over at once.
 * - `account_exports`: a requested download of one's data, prepared by a worker (leases and retries
 *   like the mail outbox), kept in the blob store as `cid` until `expires_at` (7 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column deleted_at timestamptz`.execute(db)
  // Every deleted account is named "[deleted user]"; names stay unique among the living.
  await sql`drop index users_username_lower_idx`.execute(db)
  await sql`create unique index users_username_lower_idx on users (lower(username)) where deleted_at is null`.execute(
    db,
  )
  await sql`
    create table released_usernames (
      username_lower text primary key,
      free_at timestamptz not null
    )
  `.execute(db)
  await sql`
    create table account_exports (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'ready', 'failed', 'expired')),
      cid text,
      size bigint,
      attempts integer not null default 0,
      run_after timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      ready_at timestamptz,
      expires_at timestamptz
    )
  `.execute(db)
  await sql`create index account_exports_user_idx on account_exports (user_id, created_at desc)`.execute(db)
  await sql`create index account_exports_due_idx on account_exports (run_after) where status = 'pending'`.execute(
    db,
  )
  await sql`create index account_exports_cid_idx on account_exports (cid) where cid is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table account_exports`.execute(db)
  await sql`drop table released_usernames`.execute(db)
  await sql`delete from users where deleted_at is not null`.execute(db)
  await sql`drop index users_username_lower_idx`.execute(db)
  await sql`create unique index users_username_lower_idx on users (lower(username))`.execute(db)
  await sql`alter table users drop column deleted_at`.execute(db)
}
