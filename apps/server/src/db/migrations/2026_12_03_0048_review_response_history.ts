import { type Kysely, sql } from 'kysely'

/** The work's author edits their answer to a review as a comment is edited: revisions, and what each replaced. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table review_responses
    add column revision integer not null default 1,
    add column edited_at timestamptz`.execute(db)
  await sql`create table review_response_revisions (
    review_id uuid not null references review_responses (review_id) on delete cascade,
    revision integer not null,
    content text not null,
    created_at timestamptz not null,
    primary key (review_id, revision)
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table review_response_revisions`.execute(db)
  await sql`alter table review_responses drop column revision, drop column edited_at`.execute(db)
}
