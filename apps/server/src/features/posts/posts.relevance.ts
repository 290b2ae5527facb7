import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { Cursor } from '../../db/paging'
import { visibleTo } from '../../policy/index'
import { bestHits } from '../search/index'
import { type ListFilter, type PostSummaryRow, previewColumns, summaryColumns } from './posts.store'

/**
 * One page of a search by relevance (search/ `bestHits`), after `cursor`: pages follow
 * (rank, created_at, id) downwards. The page is cut from the candidates before its rows get their
 * cards' columns and authors: a card reads the content and the analysis, too dear for every
 * candidate.
 */
export function relevancePage(
  db: Db,
  filter: ListFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<PostSummaryRow[]> {
  const best = bestHits(filter.sources, filter.query!, {
    within: filter.within,
    frequencies: filter.frequencies,
    starts: filter.windowStarts,
  }).as('best')
  let page = db
    .selectFrom(best)
    .innerJoin('posts', 'posts.id', 'best.post_id')
    .select(['best.post_id', 'best.matched_comment_id', 'best.rank'])
    .where(visibleTo(filter.viewerId))
  if (filter.mediaType) page = page.where('posts.media_type', '=', filter.mediaType)
  if (filter.only) page = page.where(filter.only)
  if (cursor) {
    page = page.where(
      sql<boolean>`(best.rank, posts.created_at, posts.id) < (${cursor.rank}::float8, ${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    )
  }
  const ranked = page
    .orderBy('best.rank', 'desc')
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
  return db
    .selectFrom(ranked.as('page'))
    .innerJoin('posts', 'posts.id', 'page.post_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([...summaryColumns, ...previewColumns, 'page.matched_comment_id', 'page.rank'])
    .orderBy('page.rank', 'desc')
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute()
}
