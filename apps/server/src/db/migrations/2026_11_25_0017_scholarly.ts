import { type Kysely, sql } from 'kysely'

/**
 * Written for science (issue 19): a licence (an SPDX id, or all-rights-reserved) and an optional DOI
 * per post; an ORCID iD per user, unique among those who gave one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table posts
      add column license text not null default 'CC-BY-4.0',
      add column doi text not null default ''
  `.execute(db)
  await sql`alter table users add column orcid text not null default ''`.execute(db)
  await sql`create unique index users_orcid_idx on users (orcid) where orcid <> ''`.execute(db)
  // Tag pages and tag feeds find a tag's posts by this index (exact match), not by text search.
  await sql`create index posts_tags_idx on posts using gin (tags)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_tags_idx`.execute(db)
  await sql`drop index users_orcid_idx`.execute(db)
  await sql`alter table users drop column orcid`.execute(db)
  await sql`alter table posts drop column license, drop column doi`.execute(db)
}
