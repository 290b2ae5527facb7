import type { BlocksResponse } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { blocksStore } from './blocks.store'

/**
 * Blocks: a user keeps another away from their posts, comments and notifications. What a block
 * refuses is the policy's guard (policy/guard.ts).
 */
export function blocksService(db: Db) {
  const store = blocksStore(db)

  async function userOr404(id: string) {
    const user = isId(id)
      ? await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
      : null
    if (!user) throw new NotFoundError('user_not_found')
    return user
  }

  return {
    async block(blockerId: string, blockedId: string) {
      const user = await userOr404(blockedId)
      if (user.id === blockerId) throw new BadRequestError('cannot_block_self')
      await store.block(blockerId, user.id)
      return { blocked: true }
    },

    async unblock(blockerId: string, blockedId: string) {
      const user = await userOr404(blockedId)
      await store.unblock(blockerId, user.id)
      return { blocked: false }
    },

    async mine(blockerId: string): Promise<BlocksResponse> {
      const rows = await store.list(blockerId)
      return {
        items: rows.map((row) => ({
          id: row.id,
          username: row.username,
          nickname: row.nickname,
          avatar: row.avatar,
          blocked_at: row.created_at.toISOString(),
        })),
      }
    },
  }
}
