import { sql } from 'kysely'
import { RANK_CANDIDATES, type SearchSource } from './search.query'

/**
 * How many of the newest comments are looked at first for relevance candidates. A common word
 * fills the candidates from this window (a tsvector check costs microseconds), so the GIN index,
 * which would hand over every matching comment only for us to keep the newest, is consulted only
 * when the window holds too few hits, i.e. for rarer words, where it is cheap. Comment ids are
 * UUIDv7, so the primary key walks them newest first. Four times the candidates, as for posts.
 */
export const COMMENT_RECENT_WINDOW = 4 * RANK_CANDIDATES

/**
 * The forum search finds posts through their comments too: a hit answers the post with
 * `matched_comment_id`, the newest matching comment, so its card can link straight to it. The
 * comment document (column `comments.search`, migration 0005) holds the same stemmed and unstemmed
 * forms as the posts' one, so the same prefix query fits both. Post visibility is applied by the
 * posts list, once for every source.
 */
export const commentSearchSource: SearchSource = {
  matches: (q) =>
    sql<boolean>`exists (select 1 from comments c where c.post_id = posts.id and c.search @@ ${q})`,
  hits: (q, limit) => sql`
    with recent as (
      select r.id, r.post_id, r.search
      from (select id, post_id, search from comments order by id desc limit ${COMMENT_RECENT_WINDOW}) r
      where r.search @@ ${q}
    ),
    everywhere as materialized (
      select c.id, c.post_id, c.search
      from comments c
      where (select count(*) from recent) < ${limit} and c.search @@ ${q}
    ),
    found as (
      select * from recent where (select count(*) from recent) >= ${limit}
      union all
      select * from everywhere
    )
    select f.post_id, ts_rank(f.search, ${q}, 1)::float8 as rank, f.id as matched_comment_id
    from (select * from found order by id desc limit ${limit}) f
  `,
  matchedCommentId: (q) => sql<string | null>`(
    select c.id from comments c
    where c.post_id = posts.id and c.search @@ ${q}
    order by c.id desc
    limit 1
  )`,
}
