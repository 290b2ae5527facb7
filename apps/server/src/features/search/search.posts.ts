import { sql } from 'kysely'
import { RANK_CANDIDATES, type SearchSource } from './search.query'

/**
 * How many of the newest posts are looked at first for relevance candidates. A word in at least a
 * quarter of the posts fills the candidates from this window (checking a tsvector costs
 * microseconds), so the GIN index — which would fetch every matching row only to keep the newest —
 * is consulted only for rarer words, where it is cheap. (Without this, a word in every post cost
 * 150 ms on 20k posts; with it, a few ms.) Four times the candidates: a rare word pays for
 * checking the whole window before the index answers it.
 */
export const RECENT_WINDOW = 4 * RANK_CANDIDATES

export const postSearchSource: SearchSource = {
  matches: (q) => sql<boolean>`posts.search @@ ${q}`,
  hits: (q, limit, window = RECENT_WINDOW) => sql`
    with recent as (
      select r.id, r.created_at, r.search
      from (select id, created_at, search from posts order by created_at desc, id desc limit ${window}) r
      where r.search @@ ${q}
      order by r.created_at desc, r.id desc
      limit ${limit}
    ),
    everywhere as materialized (
      select p.id, p.created_at, p.search
      from posts p
      where (select count(*) from recent) < ${limit} and p.search @@ ${q}
    ),
    found as (
      select * from recent where (select count(*) from recent) >= ${limit}
      union all
      select * from everywhere
    )
    select f.id as post_id, ts_rank(f.search, ${q}, 1)::float8 as rank, null::uuid as matched_comment_id
    from (select * from found order by created_at desc, id desc limit ${limit}) f
  `,
  matchedCommentId: () => sql<string | null>`null::uuid`,
}
