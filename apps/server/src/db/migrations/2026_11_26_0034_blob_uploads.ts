import { type Kysely, sql } from 'kysely'

/**
 * Who uploaded which stored file (issue 25, the per-user storage quota): one row per user and CID,
 * whatever the number of posts, versions or re-uploads that carry the bytes. A user's usage is the
 * sum of the sizes of their rows; a row goes with its blob when the collector deletes the bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blob_uploads (
      user_id uuid not null references users (id) on delete cascade,
      cid text not null references blobs (cid) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, cid)
    )
  `.execute(db)
  await sql`create index blob_uploads_cid_idx on blob_uploads (cid)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blob_uploads`.execute(db)
}
