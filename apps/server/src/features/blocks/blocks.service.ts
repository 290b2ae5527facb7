import type { BlocksResponse } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors'
import { blocksStore } from './blocks.store'

export const BLOCKED_BY_AUTHOR = 'You cannot reply here: the author has blocked you'
export const EDIT_BLOCKED_BY_AUTHOR = 'You cannot edit this comment: the author has blocked you'

/** Blocks: a user keeps another away from their posts, comments and notifications. */
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

/** Whether `authorId` writing under `postAuthorId`'s post or `parentId`'s comment is refused by a block. */
async function blockedHere(trx: Db, authorId: string, postAuthorId: string, parentId: string | null) {
  const parent = parentId
    ? await trx.selectFrom('comments').select('user_id').where('id', '=', parentId).executeTakeFirst()
    : undefined
  const others = [postAuthorId, parent?.user_id].filter((id): id is string => !!id && id !== authorId)
  return (await blocksStore(trx).blockersOf(authorId, others)).size > 0
}

/**
 * A blocked user cannot comment on the posts of the one who blocked them nor reply to their
 * comments, nor edit what they wrote there before: checked in the comment's (or the edit's)
 * transaction, a refusal (403) rolls it back. Their mentions and other actions notify nobody who
 * blocked them (notifications.policy.ts).
 */
export function subscribeBlocks(events: EventBus) {
  events.inTransaction('comment.written', async (trx, comments) => {
    for (const comment of comments) {
      if (await blockedHere(trx, comment.authorId, comment.postAuthorId, comment.parentId)) {
        throw new ForbiddenError('blocked_by_author')
      }
    }
  })
  events.inTransaction('comment.edited', async (trx, edits) => {
    for (const edit of edits) {
      const place = await trx
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .select(['p.user_id as post_author_id', 'c.parent_id'])
        .where('c.id', '=', edit.commentId)
        .executeTakeFirstOrThrow()
      if (await blockedHere(trx, edit.authorId, place.post_author_id, place.parent_id)) {
        throw new ForbiddenError('blocked_by_author', { detail: EDIT_BLOCKED_BY_AUTHOR })
      }
    }
  })
}
