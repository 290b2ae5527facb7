import { type Kysely, sql } from 'kysely'
import { rowTrigger } from './triggers'

/**
 * The Hot order moves out of `posts` into a narrow table of its own (issue 24).
 *
 * A like or a comment moves a post's hot score. While `posts_hot_idx` indexed the score, that
 * update could never be HOT (PostgreSQL's heap-only update, which needs no index changed): every
 * like wrote a new entry for the post into all of posts' indexes, both GIN indexes (search
 * document, tags) included. `post_hot_scores` holds each post's score, kept by a trigger on posts
 * (every path that moves `posts.hot_score` keeps it exact), and is what a Hot list walks
 * (features/posts/posts.store.ts). A like now updates posts without touching its indexes, and
 * writes one small row's two index entries here: 97 % of the likes' updates of posts are now HOT.
 * On the bench's 100k forum (bench/README.md), likes A B A B twice, the code before and after:
 * 578 / 745 / 752 / 639 → 774 / 880 / 853 / 769 per second, p99 572 / 374 / 483 / 495 →
 * 376 / 201 / 211 / 213 ms.
 *
 * `posts.hot_score` stays: posts read it for their cursors and cards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_hot_scores (
      post_id uuid primary key references posts (id) on delete cascade,
      hot_score double precision not null
    )
  `.execute(db)
  await sql`insert into post_hot_scores (post_id, hot_score) select id, hot_score from posts`.execute(db)
  await sql`create index post_hot_scores_order_idx on post_hot_scores (hot_score desc, post_id desc)`.execute(
    db,
  )
  // One trigger for both (an update that leaves the score, such as an edit, only returns).
  await rowTrigger(db, {
    name: 'post_hot_scores_sync',
    on: 'after insert or update on posts',
    body: `
      begin
        if tg_op = 'UPDATE' then
          if old.hot_score is distinct from new.hot_score then
            update post_hot_scores set hot_score = new.hot_score where post_id = new.id;
          end if;
        else
          insert into post_hot_scores (post_id, hot_score) values (new.id, new.hot_score);
        end if;
        return null;
      end
    `,
  })
  await sql`drop index posts_hot_idx`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_hot_idx on posts (hot_score desc, id desc)`.execute(db)
  await sql`drop trigger post_hot_scores_sync_trg on posts`.execute(db)
  await sql`drop table post_hot_scores`.execute(db)
  await sql`drop function post_hot_scores_sync`.execute(db)
}
