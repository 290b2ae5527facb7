import type { Db } from '../../db/index'

/** The bookmarks table: the posts a user saved. */
export function bookmarksStore(db: Db) {
  return {
    async save(userId: string, postId: string) {
      await db
        .insertInto('bookmarks')
        .values({ user_id: userId, post_id: postId })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },

    async unsave(userId: string, postId: string) {
      await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('post_id', '=', postId).execute()
    },
  }
}
