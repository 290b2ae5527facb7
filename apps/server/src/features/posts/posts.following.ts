import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { Cursor, Order } from '../../db/paging'
import { pairsOf } from '../../db/pairs'
import { openSql, visibleTo } from '../../policy/index'
import { previewColumns, summaryColumns } from './posts.store'

/**
 * What the posts' lists read of follows and bookmarks: the Following feed, the
 * Following filter of a search, and whether a viewer saved a post. The tables are the follows
 * and bookmarks features' (migration 0013); only SQL crosses, no import.
 */

/**
 * A post the viewer's Following feed holds: public, and by an author they follow or carrying a
 * tag they follow. For searches within the feed (the search bounds their cost); a feed page
 * without search is `followingFeedQuery`.
 */
export function followedBy(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`(${openSql('posts')} and exists (
    select 1 from follows f where f.follower_id = ${viewerId}::uuid and (
      (f.kind = 'user' and f.target = posts.user_id::text) or (f.kind = 'tag' and f.target = any(posts.tags))
    )))`
}

/**
 * One page of the Following feed, in `order`, after `cursor` (its tests EXPLAIN it). Each follow
 * seeks its own source in `feed_entries`' order index and reads at most `limit` entries, so a page
 * costs O(follows × limit) index entries however deep it is.
 */
export function followingFeedQuery(
  db: Db,
  viewerId: string,
  order: Order,
  cursor: Cursor | null,
  mediaType: string | null,
  limit: number,
) {
  const desc = order.direction === 'desc'
  const direction = desc ? sql`desc` : sql`asc`
  const key = order.key === 'hot' ? sql.ref('e.hot_score') : sql.ref('e.created_at')
  const after = cursor
    ? sql`and (${key}, e.post_id) ${desc ? sql`<` : sql`>`} (${
        order.key === 'hot' ? sql`${cursor.hot}::float8` : sql`${cursor.createdAt.toISOString()}::timestamptz`
      }, ${cursor.id}::uuid)`
    : sql``
  const ofType = mediaType ? sql`and e.media_type = ${mediaType}` : sql``
  const page = sql<{ post_id: string }>`(
    select distinct c.post_id, c.k
    from follows f
    cross join lateral (
      select e.post_id, ${key} as k
      from feed_entries e
      where e.kind = f.kind and e.target = f.target ${ofType} ${after}
      order by ${key} ${direction}, e.post_id ${direction}
      limit ${limit}
    ) c
    where f.follower_id = ${viewerId}::uuid
    order by c.k ${direction}, c.post_id ${direction}
    limit ${limit}
  )`.as('page')
  const orderColumn = order.key === 'hot' ? sql.ref('posts.hot_score') : sql.ref('posts.created_at')
  return db
    .selectFrom(page)
    .innerJoin('posts', 'posts.id', 'page.post_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([...summaryColumns, ...previewColumns])
    .select([sql<null>`null::uuid`.as('matched_comment_id'), sql<null>`null::float8`.as('rank')])
    .where(visibleTo(viewerId))
    .orderBy(orderColumn, order.direction)
    .orderBy('posts.id', order.direction)
}

/** Whether `userId` saved the post (the post detail's `is_saved`). */
export function isSavedBy(db: Db, userId: string, postId: string): Promise<boolean> {
  return pairsOf(db, 'bookmarks').has(userId, postId)
}
