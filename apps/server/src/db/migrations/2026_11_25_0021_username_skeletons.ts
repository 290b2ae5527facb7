import { type Kysely, sql } from 'kysely'
import unhomoglyph from 'unhomoglyph'

/**
 * Look-alike usernames (issue 25): "аda_lab" with a Cyrillic а, or "ａｄａ_lab" in fullwidth letters,
 * registered beside "ada_lab". Each account keeps its name's confusable skeleton (Unicode TS #39,
 * after NFKC and case folding); a new or changed name whose skeleton an active account has is
 * refused. The formula is written here as it was on this day, so the migration means the same later.
 */
function skeleton(name: string): string {
  return unhomoglyph(name.normalize('NFKC').normalize('NFD')).normalize('NFD').toLowerCase()
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column username_skeleton text not null default ''`.execute(db)
  const { rows } = await sql<{ id: string; username: string }>`select id, username from users`.execute(db)
  for (const row of rows) {
    await sql`update users set username_skeleton = ${skeleton(row.username)} where id = ${row.id}`.execute(db)
  }
  await sql`
    create index users_username_skeleton_idx on users (username_skeleton) where deleted_at is null
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username_skeleton_idx`.execute(db)
  await sql`alter table users drop column username_skeleton`.execute(db)
}
