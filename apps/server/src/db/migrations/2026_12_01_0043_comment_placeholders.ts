import { type Kysely, sql } from 'kysely'

/**
 * A comment deleted while it has replies stays as a placeholder (`deleted_at` set, no text, no
 * likes) so the replies, often other people's words, keep their place in the thread.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comments add column deleted_at timestamptz`.execute(db)
  await sql`alter table comments drop constraint comments_content_chk`.execute(db)
  await sql`alter table comments add constraint comments_content_chk check (
    (deleted_at is null and char_length(content) between 1 and 5000) or (deleted_at is not null and content = '')
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from comments where deleted_at is not null`.execute(db)
  await sql`alter table comments drop constraint comments_content_chk`.execute(db)
  await sql`alter table comments add constraint comments_content_chk check (char_length(content) between 1 and 5000)`.execute(
    db,
  )
  await sql`alter table comments drop column deleted_at`.execute(db)
}
