import type { LikeResponse } from '@agora/contract'
import type { ErrorCodeOf } from '@agora/contract/errors'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { perTurnLoader } from '../../db/per-turn'
import type { DomainEvents, EventBus, LikeKind } from '../../events/index'
import { NotFoundError } from '../../http/errors'
import { type Like, likesStore } from './likes.store'

export type LikeIntent = 'like' | 'unlike' | 'toggle'

/**
 * Likes of posts and of comments: one algorithm for both. Likes with an action (`like`,
 * `unlike`) join the others asked in the same turn of the event loop: one transaction, one
 * statement for the like rows and counters, and one `like.given` / `like.withdrawn` event for what
 * changed (rewards subscribe to it), however many (under load, a handful of round trips for dozens
 * of likes instead of several each). A toggle locks the liked row before reading the current
 * state, so concurrent toggles of one post or comment take turns.
 */
export function likesService(db: Db, events: EventBus, kind: LikeKind, notFound: ErrorCodeOf<404>) {
  /** Sets likes (`liked`) or removes them, raising the event for those that changed, in `trx`. */
  async function apply(
    trx: Db,
    likes: readonly Like[],
    liked: boolean,
  ): Promise<(LikeResponse | NotFoundError)[]> {
    const rows = await likesStore(trx, kind).set(likes, liked)
    // The same like asked twice in one batch changed one row: it is one event.
    const changed = new Map<string, DomainEvents['like.given']>()
    likes.forEach((like, i) => {
      const row = rows[i]
      if (!row?.changed) return
      const { targetId, userId: likerId } = like
      changed.set(`${targetId} ${likerId}`, {
        kind,
        targetId,
        postId: row.post_id,
        authorId: row.user_id,
        likerId,
      })
    })
    await events.raise(trx, liked ? 'like.given' : 'like.withdrawn', [...changed.values()])
    return rows.map((row) =>
      row
        ? { status: 'success', action: liked ? 'liked' : 'unliked', likes: row.likes_count, is_liked: liked }
        : new NotFoundError(notFound),
    )
  }

  // The same like asked twice in one batch changes, counts and earns once. Nothing is remembered between batches.
  const batchOf = (liked: boolean) =>
    perTurnLoader<Like, LikeResponse>(
      (likes) => db.transaction().execute((trx) => apply(trx, likes, liked)),
      100,
    )
  const batches = { like: batchOf(true), unlike: batchOf(false) }
  const pairs = perTurnLoader<Like, boolean>(async (asked) => {
    const liked = await likesStore(db, kind).likedPairs(asked)
    return asked.map((like) => liked.has(`${like.userId} ${like.targetId}`))
  })

  return {
    /** Sets the viewer's like (`like`, `unlike`), or toggles it; 404 `notFound` when the viewer can't see it. */
    async like(viewerId: string, targetId: string, intent: LikeIntent = 'toggle'): Promise<LikeResponse> {
      if (!isId(targetId)) throw new NotFoundError(notFound)
      const like = { userId: viewerId, targetId }
      if (intent !== 'toggle') return batches[intent].load(like)
      return db.transaction().execute(async (trx) => {
        const store = likesStore(trx, kind)
        if (!(await store.lockVisible(viewerId, targetId))) throw new NotFoundError(notFound)
        const liked = (await store.likedAmong(viewerId, [targetId])).has(targetId)
        const [answer] = await apply(trx, [like], !liked)
        if (answer instanceof Error) throw answer
        return answer
      })
    },

    /** Which of these posts or comments the user likes. */
    likedAmong: (userId: string, targetIds: readonly string[]) =>
      likesStore(db, kind).likedAmong(userId, targetIds),

    /**
     * The same, asked by every request of one event-loop turn together in one query (a signed-in
     * reader's comment page made from the shared one, http/read-cache.ts).
     */
    async likedAmongThisTurn(userId: string, targetIds: readonly string[]): Promise<Set<string>> {
      const answers = await pairs.loadMany(targetIds.map((targetId) => ({ userId, targetId })))
      return new Set(targetIds.filter((_, i) => answers[i] === true))
    },
  }
}
