import type { PostCursor, PostListItem, PostListQuery, PostListResponse } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { type Order, pageLimit, parseCursor, parseMediaType, parseSort } from '../../db/paging'
import { withheldSql } from '../../policy/index'
import { listFilters } from './posts.list-filters'
import { cursorOf } from './posts.presenters'
import { type PostSummaryRow, postsStore } from './posts.store'

/** A post of a page where the list's order puts it: its sort value, then its id (db/paging.ts). */
interface Placed {
  value: number
  id: string
  item: PostListItem
  cursor: PostCursor
}

/**
 * A reader with posts only they may see gets the shared page with those of theirs in its range
 * merged in (one indexed query), not the whole page read for them. `'shared'`: none falls in its
 * range. Null: a page this cannot make (a search, the Following feed), loaded for the reader.
 */
export function ownPages(db: Db, withFiles: (rows: PostSummaryRow[]) => Promise<PostListItem[]>) {
  const posts = postsStore(db)

  /** The current hot scores of the page's posts (the shared page is the database's as of the last write). */
  async function hotScores(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map()
    const rows = await db.selectFrom('posts').select(['id', 'hot_score']).where('id', 'in', ids).execute()
    return new Map(rows.map((row) => [row.id, row.hot_score]))
  }

  return async function ownPage(
    viewerId: string,
    query: PostListQuery,
    shared: PostListResponse,
  ): Promise<PostListResponse | 'shared' | null> {
    if (query.search?.trim() || query.feed) return null
    const order = parseSort(query.sort_by)
    const cursor = parseCursor(query)
    if (cursor && order.key === 'hot' && cursor.hot === null) return null
    // Ratings are not on the shared page's items' cursors: a page by rating is loaded for the reader.
    if (order.key === 'rating') return null
    const limit = pageLimit(query.limit)
    const { conditions, hotBounds } = listFilters(query, viewerId)
    const own = [sql<boolean>`posts.user_id = ${viewerId}::uuid`, withheldSql('posts'), ...conditions]
    const rows = await posts.listInOrder(
      {
        viewerId,
        mediaType: parseMediaType(query.media_type),
        query: null,
        sources: [],
        only: sql<boolean>`(${sql.join(own, sql` and `)})`,
        hotBounds,
      },
      order,
      cursor,
      limit,
    )
    // Theirs up to the shared page's last post (all of them when it is the last page).
    const end = shared.has_next && shared.next_cursor ? placedAt(order, shared.next_cursor) : null
    const mine = rows
      .map((row) => ({ row, cursor: cursorOf(row) }))
      .filter(({ cursor }) => {
        return end === null || compare(order, placedAt(order, cursor), end) <= 0
      })
    if (mine.length === 0) return 'shared'

    const [items, hot] = await Promise.all([
      withFiles(mine.map(({ row }) => row)),
      order.key === 'hot' ? hotScores(shared.items.map((item) => item.id)) : null,
    ])
    const placed: Placed[] = [
      ...shared.items.map((item) => {
        const cursor: PostCursor = { id: item.id, created_at: item.created_at, likes: item.likes }
        const hotScore = hot?.get(item.id)
        return {
          ...placedAt(order, hotScore === undefined ? cursor : { ...cursor, hot: hotScore }),
          item,
          cursor,
        }
      }),
      ...mine.map(({ cursor }, i) => ({ ...placedAt(order, cursor), item: items[i], cursor })),
    ].sort((a, b) => compare(order, a, b))
    const page = placed.slice(0, limit)
    const hasNext = placed.length > limit || shared.has_next
    return {
      items: page.map((post) => post.item),
      has_next: hasNext,
      next_cursor: hasNext ? page[page.length - 1].cursor : null,
    }
  }
}

function placedAt(order: Order, cursor: PostCursor) {
  return { value: order.key === 'hot' ? (cursor.hot ?? 0) : Date.parse(cursor.created_at), id: cursor.id }
}

/** Negative when `a` comes first in the list's order. */
function compare(order: Order, a: { value: number; id: string }, b: { value: number; id: string }) {
  const ascending = a.value - b.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return order.direction === 'asc' ? ascending : -ascending
}
