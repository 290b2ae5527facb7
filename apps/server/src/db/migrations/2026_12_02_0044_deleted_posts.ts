import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * A post its author deleted (alone, or with their account) leaves its id and the time, nothing of
 * its content, so its address answers 410 instead of 404. Written by a trigger so every deletion
 * counts; a private post leaves nothing, as others never knew it was there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table deleted_posts (
    id uuid primary key,
    deleted_at timestamptz not null default now()
  )`.execute(db)
  await rowTrigger(db, {
    name: 'posts_deleted_record',
    on: 'after delete on posts',
    when: `old.visibility <> 'private'`,
    body: `begin
      insert into deleted_posts (id) values (old.id) on conflict (id) do nothing;
      return null;
    end`,
  })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger posts_deleted_record_trg on posts`.execute(db)
  await sql`drop function posts_deleted_record()`.execute(db)
  await sql`drop table deleted_posts`.execute(db)
}
