import { type Kysely, sql } from 'kysely'

/**
 * Edit histories (issue 26). Each post and comment carries its `revision` number (1 when written)
 * and who last edited it and when. An edit appends the values it replaces to `post_revisions` /
 * `comment_revisions` — append-only: a row is never updated, and goes only with its post or
 * comment. A row holds revision N's values and who made revision N (`editor_id`, null once that
 * account is gone) and when; the current revision lives in the post or comment itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['posts', 'comments']) {
    await sql`
      alter table ${sql.table(table)}
        add column revision integer not null default 1,
        add column edited_at timestamptz,
        add column edited_by uuid references users (id) on delete set null
    `.execute(db)
  }

  await sql`
    create table post_revisions (
      post_id uuid not null references posts (id) on delete cascade,
      revision integer not null,
      title text not null,
      summary text not null,
      content text not null,
      tags text[] not null,
      visibility text not null,
      editor_id uuid references users (id) on delete set null,
      created_at timestamptz not null,
      primary key (post_id, revision)
    )
  `.execute(db)
  await sql`
    create table comment_revisions (
      comment_id uuid not null references comments (id) on delete cascade,
      revision integer not null,
      content text not null,
      editor_id uuid references users (id) on delete set null,
      created_at timestamptz not null,
      primary key (comment_id, revision)
    )
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table comment_revisions`.execute(db)
  await sql`drop table post_revisions`.execute(db)
  for (const table of ['posts', 'comments']) {
    await sql`
      alter table ${sql.table(table)} drop column revision, drop column edited_at, drop column edited_by
    `.execute(db)
  }
}
