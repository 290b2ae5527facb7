import type { Db } from '../../db/index'
import { pairsOf } from '../../db/pairs'

export function blocksStore(db: Db) {
  const pairs = pairsOf(db, 'blocks')
  return {
    /** (blockerId, blockedId) */
    block: pairs.add,
    unblock: pairs.remove,

    /** Whom a user blocked, newest first. */
    list(blockerId: string) {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blocked_id')
        .select(['users.id', 'users.username', 'users.nickname', 'users.avatar', 'blocks.created_at'])
        .where('blocks.blocker_id', '=', blockerId)
        .orderBy('blocks.created_at', 'desc')
        .limit(1000)
        .execute()
    },
  }
}
