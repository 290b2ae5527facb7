import { type Kysely, sql } from 'kysely'

/**
 * A picture of a document's first page (issue 28): forum cards show the paper instead of a generic
 * icon. Drawn once, by the analysis that already opens the file in its sandbox; one per stored file,
 * gone with the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blob_thumbnails (
      cid text primary key references blobs (cid) on delete cascade,
      image bytea not null,
      mime text not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null default now()
    )
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blob_thumbnails`.execute(db)
}
