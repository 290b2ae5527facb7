import { type Kysely, sql } from 'kysely'

/**
 * Reviews are moderated as comments are: the same columns (hidden or removed, the reason, when,
 * and whether the reviewer asked for another look), reported and logged with target type 'review'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reviews
      add column moderation text check (moderation in ('hidden', 'removed')),
      add column moderation_reason text not null default '',
      add column moderated_at timestamptz,
      add column review_requested_at timestamptz
  `.execute(db)
  for (const table of ['reports', 'mod_log']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_target_type_check`)}`.execute(
      db,
    )
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_target_type_check`)}
      check (target_type in ('post', 'comment', 'user', 'review'))`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reports', 'mod_log']) {
    await sql`delete from ${sql.table(table)} where target_type = 'review'`.execute(db)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_target_type_check`)}`.execute(
      db,
    )
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_target_type_check`)}
      check (target_type in ('post', 'comment', 'user'))`.execute(db)
  }
  await sql`alter table reviews drop column moderation, drop column moderation_reason,
    drop column moderated_at, drop column review_requested_at`.execute(db)
}
