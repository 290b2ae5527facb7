import { sql } from 'kysely'
import type { SearchSource } from '../posts/posts.search'

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
    select c.post_id, ts_rank(c.search, ${q}, 1)::float8 as rank, c.id as matched_comment_id
    from comments c
    where c.search @@ ${q}
    order by c.created_at desc, c.id desc
    limit ${limit}
  `,
  matchedCommentId: (q) => sql<string | null>`(
    select c.id from comments c
    where c.post_id = posts.id and c.search @@ ${q}
    order by c.created_at desc, c.id desc
    limit 1
  )`,
}
