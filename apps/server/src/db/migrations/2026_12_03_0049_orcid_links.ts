import { type Kysely, sql } from 'kysely'

/**
 * Signing in with ORCID (issue 66): one proven iD per account and one account per iD, with the
 * names ORCID gave; `users.orcid_verified_at` says the profile's iD is that proven one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table orcid_links (
    user_id uuid primary key references users (id) on delete cascade,
    orcid text not null unique,
    given_name text not null default '',
    family_name text not null default '',
    linked_at timestamptz not null default now()
  )`.execute(db)
  await sql`alter table users add column orcid_verified_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column orcid_verified_at`.execute(db)
  await sql`drop table orcid_links`.execute(db)
}
