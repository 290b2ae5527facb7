import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * Posts, their files, likes, and the registry of stored blobs.
 *
 * - `blobs` has one row per stored file (keyed by its CID). `refs` counts the post_files rows that
 *   point at it, kept by triggers so that every path that deletes posts (post delete, a cascade from
 *   a deleted user) stays exact. A blob with no refs and no pin may be collected.
 * - `posts.search` and `posts.hot_score` are kept by triggers, so code that only changes
 *   `likes_count`/`comments_count` or a username never has to remember them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blobs (
      cid text primary key,
      size bigint not null,
      mime text not null,
      refs integer not null default 0,
      pinned boolean not null default false,
      created_at timestamptz not null default now()
    )
  `.execute(db)

  await sql`
    create table posts (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      title text not null,
      summary text not null default '',
      content text not null default '',
      tags text[] not null default '{}',
      visibility text not null default 'public' check (visibility in ('public', 'private')),
      media_type text not null,
      ai_instruction text not null default '',
      ai_analysis text not null default '{}',
      likes_count integer not null default 0,
      comments_count integer not null default 0,
      hot_score double precision not null default 0,
      search tsvector not null default ''::tsvector,
      -- Millisecond precision, so a keyset cursor that travels through JSON finds its row again.
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      updated_at timestamptz not null default now()
    )
  `.execute(db)
  await sql`create index posts_recent_idx on posts (created_at desc, id desc)`.execute(db)
  await sql`create index posts_hot_idx on posts (hot_score desc, id desc)`.execute(db)
  await sql`create index posts_user_recent_idx on posts (user_id, created_at desc, id desc)`.execute(db)
  await sql`create index posts_search_idx on posts using gin (search)`.execute(db)

  // Hot rank: log10 of the engagement plus the creation time in days (see posts.hot.ts for why).
  await rowTrigger(db, {
    name: 'posts_hot_score',
    on: 'before insert or update of likes_count, comments_count, created_at on posts',
    body: `
      begin
        new.hot_score := log(greatest(1, 1 + new.likes_count + 2 * new.comments_count)::double precision)
          + extract(epoch from new.created_at)::double precision / 86400;
        return new;
      end
    `,
  })

  // Weighted search document: title A, tags and author B, summary C, content D. Title, tags and
  // author are also indexed unstemmed ('simple'), so a prefix typed letter by letter keeps matching
  // names and words the English stemmer would cut short.
  await rowTrigger(db, {
    name: 'posts_search_document',
    on: 'before insert or update of title, tags, summary, content, user_id on posts',
    body: `
      declare
        author text;
      begin
        select coalesce(u.username, '') || ' ' || coalesce(u.nickname, '') into author
        from users u where u.id = new.user_id;
        new.search :=
          setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(new.title, '')), 'A') ||
          setweight(to_tsvector('simple', array_to_string(new.tags, ' ')), 'B') ||
          setweight(to_tsvector('simple', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(new.summary, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(new.content, '')), 'D');
        return new;
      end
    `,
  })
  // A renamed author is found under the new name.
  await rowTrigger(db, {
    name: 'users_refresh_post_search',
    on: 'after update of username, nickname on users',
    when: 'old.username is distinct from new.username or old.nickname is distinct from new.nickname',
    body: `
      begin
        update posts set user_id = user_id where user_id = new.id;
        return null;
      end
    `,
  })

  await sql`
    create table post_files (
      post_id uuid not null references posts (id) on delete cascade,
      position smallint not null,
      cid text not null references blobs (cid),
      name text not null,
      mime text not null,
      size bigint not null,
      kind text not null,
      primary key (post_id, position)
    )
  `.execute(db)
  await sql`create index post_files_cid_idx on post_files (cid)`.execute(db)
  await rowTrigger(db, {
    name: 'post_files_count_refs',
    on: 'after insert or delete on post_files',
    body: `
      begin
        if tg_op = 'INSERT' then
          update blobs set refs = refs + 1 where cid = new.cid;
          return new;
        end if;
        update blobs set refs = refs - 1 where cid = old.cid;
        return old;
      end
    `,
  })

  await sql`
    create table post_likes (
      user_id uuid not null references users (id) on delete cascade,
      post_id uuid not null references posts (id) on delete cascade,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (user_id, post_id)
    )
  `.execute(db)
  await sql`create index post_likes_post_idx on post_likes (post_id)`.execute(db)
  await sql`create index post_likes_user_recent_idx on post_likes (user_id, created_at desc, post_id)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_refresh_post_search_trg on users`.execute(db)
  await sql`drop table post_likes`.execute(db)
  await sql`drop table post_files`.execute(db)
  await sql`drop table posts`.execute(db)
  await sql`drop table blobs`.execute(db)
  await sql`drop function posts_hot_score, posts_search_document, users_refresh_post_search, post_files_count_refs`.execute(
    db,
  )
}
