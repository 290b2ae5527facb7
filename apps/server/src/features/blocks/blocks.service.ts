import type { BlocksResponse } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors'
import { blocksStore } from './blocks.store'

export const USER_NOT_FOUND = 'User not found'
export const BLOCKED_BY_AUTHOR = 'You cannot reply here: the author has blocked you'

/** Blocks (issue 27): a user keeps another away from their posts, comments and notifications. */
export function blocksService(db: Db) {
  const store = blocksStore(db)

  async function userOr404(id: string) {
    const user = isId(id)
      ? await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
      : null
    if (!user) throw new NotFoundError(USER_NOT_FOUND)
    return user
  }

  return {
    async block(blockerId: string, blockedId: string) {
      const user = await userOr404(blockedId)
      if (user.id === blockerId) throw new BadRequestError('You cannot block yourself')
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

/**
 * A blocked user cannot comment on the posts of the one who blocked them nor reply to their
 * comments: checked in the comment's transaction, a refusal (403) rolls the comment back. Their
 * mentions and other actions notify nobody who blocked them (notifications.policy.ts).
 */
export function subscribeBlocks(events: EventBus) {
  events.inTransaction('comment.written', async (trx, comments) => {
    for (const comment of comments) {
      const parent = comment.parentId
        ? await trx
            .selectFrom('comments')
            .select('user_id')
            .where('id', '=', comment.parentId)
            .executeTakeFirst()
        : undefined
      const others = [comment.postAuthorId, parent?.user_id].filter(
        (id): id is string => !!id && id !== comment.authorId,
      )
      if ((await blocksStore(trx).blockersOf(comment.authorId, others)).size > 0) {
        throw new ForbiddenError(BLOCKED_BY_AUTHOR)
      }
    }
  })
}
