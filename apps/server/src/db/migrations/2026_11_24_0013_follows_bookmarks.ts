import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * Follows, bookmarks and what the Following feed reads (issue 18).
 *
 * - `follows`: who follows an author (`kind` 'user', `target` the user's id as text) or a tag
 *   (`kind` 'tag', `target` the tag as posts store it: normalised). The fan-out to followers reads
 *   it by (kind, target); a user's own list by the primary key. A deleted user's followers lose
 *   the follow (trigger: `target` is text, so no foreign key can do it).
 * - `bookmarks`: a user's saved posts, newest save first by its index; they go with the post.
 * - `feed_entries`: one row per public post and source it can be followed by, its author
 *   ('user', author id) and each of its tags ('tag', tag), with the post's order keys. Kept by
 *   triggers on `posts` (insert; update of tags, visibility, author, creation time or hot score),
 *   so every path that writes posts keeps it exact. A page of the Following feed seeks each
 *   followed source's index from the cursor and merges (features/posts/posts.following.ts):
 *   the cost of a page depends on how many sources one follows, never on how deep the page is.
 *   Private posts are not here: only their author may see them, and nobody follows themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table follows (
      follower_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in ('user', 'tag')),
      target text not null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (follower_id, kind, target)
    )
  `.execute(db)
  await sql`create index follows_target_idx on follows (kind, target)`.execute(db)
  await rowTrigger(db, {
    name: 'follows_forget_user',
    on: 'after delete on users',
    body: `
      begin
        delete from follows where kind = 'user' and target = old.id::text;
        return null;
      end
    `,
  })

  await sql`
    create table bookmarks (
      user_id uuid not null references users (id) on delete cascade,
      post_id uuid not null references posts (id) on delete cascade,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (user_id, post_id)
    )
  `.execute(db)
  await sql`create index bookmarks_user_recent_idx on bookmarks (user_id, created_at desc, post_id desc)`.execute(
    db,
  )
  await sql`create index bookmarks_post_idx on bookmarks (post_id)`.execute(db)

  await sql`
    create table feed_entries (
      kind text not null,
      target text not null,
      post_id uuid not null references posts (id) on delete cascade,
      media_type text not null,
      created_at timestamptz not null,
      hot_score double precision not null,
      primary key (post_id, kind, target)
    )
  `.execute(db)
  await sql`create index feed_entries_recent_idx on feed_entries (kind, target, created_at desc, post_id desc)`.execute(
    db,
  )
  await sql`create index feed_entries_hot_idx on feed_entries (kind, target, hot_score desc, post_id desc)`.execute(
    db,
  )
  await sql`
    create function feed_entries_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if old.visibility = new.visibility and old.tags = new.tags and old.user_id = new.user_id
          and old.media_type = new.media_type then
          -- Only the order keys moved (a like, a comment): the same rows, new keys.
          update feed_entries set created_at = new.created_at, hot_score = new.hot_score
          where post_id = new.id;
          return null;
        end if;
        delete from feed_entries where post_id = new.id;
      end if;
      if new.visibility = 'public' then
        insert into feed_entries (kind, target, post_id, media_type, created_at, hot_score)
        select source.kind, source.target, new.id, new.media_type, new.created_at, new.hot_score
        from (
          select 'user' as kind, new.user_id::text as target
          union
          select 'tag', tag from unnest(new.tags) tag
        ) source;
      end if;
      return null;
    end
    $$
  `.execute(db)
  await sql`
    create trigger feed_entries_insert_trg after insert on posts
    for each row execute function feed_entries_sync()
  `.execute(db)
  await sql`
    create trigger feed_entries_update_trg after update on posts
    for each row when (
      old.created_at is distinct from new.created_at or old.hot_score is distinct from new.hot_score
      or old.tags is distinct from new.tags or old.visibility is distinct from new.visibility
      or old.user_id is distinct from new.user_id or old.media_type is distinct from new.media_type
    )
    execute function feed_entries_sync()
  `.execute(db)
  await sql`
    insert into feed_entries (kind, target, post_id, media_type, created_at, hot_score)
    select 'user', p.user_id::text, p.id, p.media_type, p.created_at, p.hot_score
    from posts p where p.visibility = 'public'
    union
    select 'tag', tag, p.id, p.media_type, p.created_at, p.hot_score
    from posts p cross join lateral unnest(p.tags) tag where p.visibility = 'public'
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger feed_entries_update_trg on posts`.execute(db)
  await sql`drop trigger feed_entries_insert_trg on posts`.execute(db)
  await sql`drop trigger follows_forget_user_trg on users`.execute(db)
  await sql`drop table feed_entries`.execute(db)
  await sql`drop table bookmarks`.execute(db)
  await sql`drop table follows`.execute(db)
  await sql`drop function feed_entries_sync, follows_forget_user`.execute(db)
}
