import { type Kysely, sql } from 'kysely'

// Columns that point at a user and are set to null when that user is deleted had no index: deleting
// one account made PostgreSQL read every post and every comment (and revision, version, report and
// log entry) to find the rows to change — 10,000 accounts deleted by the bench took over 6 minutes.
// Most rows hold null here, so the indexes cover only the rows that name someone; the delete's
// `where edited_by = $1` implies `is not null`, and PostgreSQL uses them.
const COLUMNS = [
  ['posts', 'edited_by'],
  ['comments', 'edited_by'],
  ['post_revisions', 'editor_id'],
  ['comment_revisions', 'editor_id'],
  ['post_versions', 'created_by'],
  ['reports', 'resolved_by'],
  ['mod_log', 'moderator_id'],
  // And a blob's IPFS roots, deleted with it.
  ['ipfs_roots', 'blob_cid'],
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await sql`create index ${sql.raw(`${table}_${column}_idx`)} on ${sql.table(table)} (${sql.ref(column)}) where ${sql.ref(column)} is not null`.execute(
      db,
    )
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS)
    await sql`drop index ${sql.raw(`${table}_${column}_idx`)}`.execute(db)
}
