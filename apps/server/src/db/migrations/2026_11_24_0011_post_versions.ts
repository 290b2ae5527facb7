import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * Versions of a work's files (issue 26, docs/decisions/005-file-versions.md).
 *
 * - `posts.version` is the current version's number (1 when written); `post_files` keeps holding
 *   the current version's files, so every list, the search and the analysis read them as before.
 * - `post_versions` has one row per version (1 included): its changelog ('' for the first), the
 *   CID `ipfs add -r --cid-version 1` gives a directory of its files (`manifest_cid`; null until
 *   computed: rows backfilled here get it on first read), who published it and when.
 * - `post_version_files` holds the files of the *earlier* versions only: publishing a version moves
 *   the current `post_files` rows here and writes the new ones to `post_files`. Each reference of a
 *   version to a file is one row in exactly one of the two tables, and `blobs.refs` counts the rows
 *   of both (the same trigger function as post_files'): exact, never counted twice.
 * - `comments.post_version` is the version the comment was written on, set by the database from
 *   the post's current version (the comment's insert and a version's publication both lock the
 *   post row, so they take turns). Existing comments were written on version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column version integer not null default 1`.execute(db)
  await sql`alter table comments add column post_version integer not null default 1`.execute(db)

  await sql`
    create table post_versions (
      post_id uuid not null references posts (id) on delete cascade,
      version integer not null check (version >= 1),
      changelog text not null default '',
      manifest_cid text,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (post_id, version)
    )
  `.execute(db)
  await sql`
    insert into post_versions (post_id, version, changelog, created_by, created_at)
    select id, 1, '', user_id, created_at from posts
  `.execute(db)

  await sql`
    create table post_version_files (
      post_id uuid not null,
      version integer not null,
      position smallint not null,
      cid text not null references blobs (cid),
      name text not null,
      mime text not null,
      size bigint not null,
      kind text not null,
      primary key (post_id, version, position),
      foreign key (post_id, version) references post_versions (post_id, version) on delete cascade
    )
  `.execute(db)
  await sql`create index post_version_files_cid_idx on post_version_files (cid)`.execute(db)
  // post_files_count_refs (migration 0002) counts by new.cid/old.cid: it serves both tables.
  await sql`
    create trigger post_version_files_count_refs_trg after insert or delete on post_version_files
    for each row execute function post_files_count_refs()
  `.execute(db)

  await rowTrigger(db, {
    name: 'comments_post_version',
    on: 'before insert on comments',
    body: `
      begin
        new.post_version := coalesce((select p.version from posts p where p.id = new.post_id), 1);
        return new;
      end
    `,
  })
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger comments_post_version_trg on comments`.execute(db)
  await sql`drop function comments_post_version`.execute(db)
  await sql`drop table post_version_files`.execute(db)
  await sql`drop table post_versions`.execute(db)
  await sql`alter table comments drop column post_version`.execute(db)
  await sql`alter table posts drop column version`.execute(db)
}
