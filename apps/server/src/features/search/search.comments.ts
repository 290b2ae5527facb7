import { sql } from 'kysely'
import { openCommentSql } from '../../policy/index'
import { newestMatches, type SearchTable } from './search.newest'
import { RANK_CANDIDATES, type SearchSource } from './search.query'

/** How many of the newest comments are looked at first for relevance candidates (SearchTable.window). */
export const COMMENT_RECENT_WINDOW = 4 * RANK_CANDIDATES

/**
 * The forum search finds posts through their comments too: a hit answers the post with
 * `matched_comment_id`, the newest matching comment, so its card can link straight to it. The
 * comment document (column `comments.search`, migration 0005) holds the same stemmed and unstemmed
 * forms as the posts' one, so the same prefix query fits both. Post visibility is applied by the
 * posts list, once for every source, and so are the list's filters (`within`, a condition on the
 * post, which the comments' newest-first window cannot use); a comment hidden or removed by a
 * moderator is never a hit.
 */
// Comment ids are UUIDv7: the primary key walks them newest first.
const COMMENTS: SearchTable = {
  table: 'comments',
  keys: 'id, post_id, moderation',
  newestFirst: 'id desc',
  window: COMMENT_RECENT_WINDOW,
  wider: 20 * COMMENT_RECENT_WINDOW,
  deeper: [40 * COMMENT_RECENT_WINDOW, 80 * COMMENT_RECENT_WINDOW],
  // Walking checks a comment in about twice the time the index hands over a match.
  walkCost: 2,
  windowColumn: 'id',
  windowType: 'uuid',
}

export const commentSearchSource: SearchSource = {
  table: COMMENTS.table,
  // `offset 0` keeps it a check per post: without it PostgreSQL may instead hash every matching
  // comment of the forum first (it plans as if the whole list were read, not a page), 1.2 s for a
  // word in half of 100k posts where the page needed a dozen checks. A list that would check most
  // posts takes `matchingPosts` instead (search.query.ts `fewMatches`).
  matches: (q) =>
    sql<boolean>`exists (
      select 1 from comments c where c.post_id = posts.id and c.search @@ ${q} and ${openCommentSql('c')} offset 0
    )`,
  matchingPosts: (q) =>
    sql`select c.post_id from comments c where c.search @@ (select ${q}) and ${openCommentSql('c')}`,
  hits: (q, limit, options) => sql`
    select f.post_id, ts_rank(f.search, ${q}, 1)::float8 as rank, f.id as matched_comment_id
    from (${newestMatches(COMMENTS, q, limit, { ...options, within: null })}) f
    where ${openCommentSql('f')}
  `,
  searchTable: COMMENTS,
  matchedCommentId: (q) => sql<string | null>`(
    select c.id from comments c
    where c.post_id = posts.id and c.search @@ ${q} and ${openCommentSql('c')}
    order by c.id desc
    limit 1
  )`,
}
