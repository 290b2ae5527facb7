import { sql } from 'kysely'
import { newestMatches, type SearchTable } from './search.newest'
import { RANK_CANDIDATES, type SearchSource } from './search.query'

/**
 * How many of the newest posts are looked at first for relevance candidates: a word in at least a
 * quarter of the posts fills the candidates from it. (Without this, a word in every post cost
 * 150 ms on 20k posts; with it, a few ms.) Four times the candidates: a rare word pays for
 * checking the whole window before the index answers it.
 */
export const RECENT_WINDOW = 4 * RANK_CANDIDATES

const POSTS: SearchTable = {
  table: 'posts',
  keys: 'id, created_at',
  newestFirst: 'created_at desc, id desc',
  window: RECENT_WINDOW,
  wider: 4 * RECENT_WINDOW,
  deeper: [8 * RECENT_WINDOW, 16 * RECENT_WINDOW],
  // A post's document is stored out of line: walking checks one in about twelve times what the index
  // pays to hand over a match.
  walkCost: 12,
  windowColumn: 'created_at',
  windowType: 'timestamptz',
}

export const postSearchSource: SearchSource = {
  table: POSTS.table,
  matches: (q) => sql<boolean>`posts.search @@ ${q}`,
  matchingPosts: (q) => sql`select p.id as post_id from posts p where p.search @@ (select ${q})`,
  hits: (q, limit, options) => sql`
    select f.id as post_id, ts_rank(f.search, ${q}, 1)::float8 as rank, null::uuid as matched_comment_id
    from (${newestMatches(POSTS, q, limit, options)}) f
  `,
  searchTable: POSTS,
  matchedCommentId: () => sql<string | null>`null::uuid`,
}
