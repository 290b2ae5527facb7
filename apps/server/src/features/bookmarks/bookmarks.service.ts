import type { BookmarkResponse } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { NotFoundError } from '../../http/errors'
import { readPostAccess, visibleOr404 } from '../../policy/index'
import { isSavedBy } from '../posts/index'
import { bookmarksStore } from './bookmarks.store'

export type BookmarkAction = 'save' | 'unsave'

/**
 * Saving posts for later. Only a post the viewer may see can be saved (404 otherwise, as for every
 * other read of it). A saved post that later turns private or is deleted leaves the list by
 * itself: the list reads only posts the viewer may see, and a deleted post takes its bookmarks.
 */
export function bookmarksService(db: Db, events: EventBus) {
  return {
    /** Saves or unsaves (`action`), or toggles without one; answers whether it is saved now. */
    async bookmark(viewerId: string, postId: string, action?: BookmarkAction): Promise<BookmarkResponse> {
      if (!isId(postId)) throw new NotFoundError('post_not_found')
      return db.transaction().execute(async (trx) => {
        // Locked: a toggle reads the current state under it (two toggles take turns), and a
        // deletion of the post waits until the bookmark is written.
        visibleOr404(await readPostAccess(trx, postId, { lock: true }), viewerId)
        const store = bookmarksStore(trx)
        const saved = action ? action === 'save' : !(await isSavedBy(trx, viewerId, postId))
        const changed = saved ? await store.save(viewerId, postId) : await store.unsave(viewerId, postId)
        if (changed) await events.raise(trx, 'bookmark.changed', [{ postId, userId: viewerId, saved }])
        return { saved }
      })
    },
  }
}
