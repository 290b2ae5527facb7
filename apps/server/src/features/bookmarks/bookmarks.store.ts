import type { Db } from '../../db/index'
import { pairsOf } from '../../db/pairs'

/** The bookmarks table: the posts a user saved, as (userId, postId). */
export function bookmarksStore(db: Db) {
  const pairs = pairsOf(db, 'bookmarks')
  return { save: pairs.add, unsave: pairs.remove }
}
