import { type Kysely, sql } from 'kysely'

/**
 * Discussion anchored to the work itself (issue 23): a top-level comment may point into one of its
 * post's files, by the file's CID (which never changes): a passage of a PDF (`text`: page, the quoted
 * passage with the text around it, a position hint) or a moment of a video or audio file (`time`:
 * start and end in seconds). The list of one file's anchored comments reads `comments_anchor_idx`.
 *
 * What a file is, as far as anchors need it, is kept with its bytes in `blobs`: a video's or audio's
 * duration in seconds and a PDF's page count, each null until known (a time or page is then taken
 * on trust).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table comments
      add column anchor_cid text,
      add column anchor_kind text check (anchor_kind in ('text', 'time')),
      add column anchor_page integer,
      add column anchor_exact text,
      add column anchor_prefix text,
      add column anchor_suffix text,
      add column anchor_start double precision,
      add column anchor_end double precision,
      add constraint comments_anchor_whole check ((anchor_cid is null) = (anchor_kind is null))
  `.execute(db)
  await sql`
    create index comments_anchor_idx on comments (post_id, anchor_cid, created_at desc)
    where anchor_cid is not null
  `.execute(db)
  await sql`
    alter table blobs
      add column duration_seconds double precision,
      add column page_count integer
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blobs drop column duration_seconds, drop column page_count`.execute(db)
  await sql`drop index comments_anchor_idx`.execute(db)
  await sql`
    alter table comments
      drop constraint comments_anchor_whole,
      drop column anchor_cid, drop column anchor_kind, drop column anchor_page, drop column anchor_exact,
      drop column anchor_prefix, drop column anchor_suffix, drop column anchor_start, drop column anchor_end
  `.execute(db)
}
