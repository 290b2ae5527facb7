import type { ContentKind, RewardNotice } from '@agora/contract'
import type { RewardsConfig } from '../../config'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import {
  commentWritten,
  type Earning,
  likeReceived,
  likeSourceId,
  postPublished,
  ruleOf,
  termsOf,
  uploadAnalysed,
} from './rewards.rules'
import { type Reversible, type RewardsStore, rewardsStore } from './rewards.store'

/** A like of a post or comment (`liked`, with its author) by `likerId`. */
export interface LikeGiven {
  liked: { id: string; user_id: string; post_id: string }
  likerId: string
}

/**
 * The hooks the features that earn call, inside the transaction of their action: the entry is
 * written (or reversed) with the post, comment, like or analysis, or not at all.
 */
export function rewardsLedger(config: RewardsConfig) {
  /**
   * Pays the earnings the rules allow, all made at `at`, in one statement per reason (one for a
   * single action, one for a batch of likes); answers the source ids paid.
   */
  async function earnAll(
    db: Db,
    earnings: readonly (Earning | null)[],
    at = new Date(),
  ): Promise<Set<string>> {
    const paid = new Set<string>()
    const byReason = new Map<Earning['reason'], Earning[]>()
    const seen = new Set<string>()
    for (const earning of earnings) {
      if (!earning) continue
      // The same source twice (a like asked twice in one batch) earns once, and counts once.
      const key = `${earning.reason}:${earning.source.id}`
      if (seen.has(key)) continue
      seen.add(key)
      byReason.set(earning.reason, [...(byReason.get(earning.reason) ?? []), earning])
    }
    for (const [reason, group] of byReason) {
      const terms = termsOf(config, reason, at)
      if (!terms) continue
      for (const source of await rewardsStore(db).payEarnings(reason, terms, group, at)) paid.add(source)
    }
    return paid
  }

  /** Pays an earning if the rules allow it; answers what it paid (null: nothing). */
  async function earn(db: Db, earning: Earning | null, at = new Date()): Promise<RewardNotice> {
    if (!earning || !(await earnAll(db, [earning], at)).has(earning.source.id)) return null
    return { amount: ruleOf(config, earning.reason).amount.toString(), reason: earning.reason }
  }

  /** Reverses what `find` returns, under the earners' locks (a claim sees the lower balance). */
  async function reverse(db: Db, find: (store: RewardsStore) => Promise<Reversible[]>) {
    const store = rewardsStore(db)
    const entries = await find(store)
    if (entries.length === 0) return
    await store.lockUsers(entries.map((entry) => entry.user_id))
    await store.insertReversals(entries, new Date())
  }

  return {
    /**
     * Pays what the posts, comments and likes already in the database would have earned, each at
     * the time it was made, oldest first, through the same rules (caps per day, account age). For
     * content made without the ledger (the demo data); a source that already earned is skipped.
     */
    async backfill(db: Db) {
      const made = await rewardsStore(db).contributions()
      const events = [
        ...made.posts.map((post) => ({ earning: postPublished(post), at: post.created_at })),
        ...made.comments.map((comment) => ({ earning: commentWritten(comment), at: comment.created_at })),
        ...made.postLikes.map((like) => ({
          earning: likeReceived('post', like, like.liker_id),
          at: like.created_at,
        })),
        ...made.commentLikes.map((like) => ({
          earning: likeReceived('comment', like, like.liker_id),
          at: like.created_at,
        })),
      ].sort((a, b) => a.at.getTime() - b.at.getTime())
      for (const { earning, at } of events) await db.transaction().execute((trx) => earn(trx, earning, at))
    },

    postPublished: (db: Db, post: { id: string; user_id: string }) => earn(db, postPublished(post)),
    commentWritten: (db: Db, comment: { id: string; user_id: string; post_id: string }) =>
      earn(db, commentWritten(comment)),
    postAnalysed: (db: Db, post: { id: string; user_id: string }, fileCount: number) =>
      earn(db, uploadAnalysed(post, fileCount)),
    /** Likes given (one, or a batch made together): each earns the liked content's author. */
    likesGiven: (db: Db, kind: ContentKind, likes: readonly LikeGiven[]) =>
      earnAll(
        db,
        likes.map(({ liked, likerId }) => likeReceived(kind, liked, likerId)),
      ),
    /** Likes withdrawn: what they earned is reversed (once). */
    likesWithdrawn: (db: Db, likes: readonly { likedId: string; likerId: string }[]) =>
      reverse(db, (store) =>
        store.reversibleByLike(likes.map(({ likedId, likerId }) => likeSourceId(likedId, likerId))),
      ),
    /** Before the post is deleted: everything it and its comments earned, likes included. */
    postDeleted: (db: Db, postId: string) =>
      reverse(db, async (store) => {
        await store.lockCommentsOfPost(postId)
        return store.reversibleByPost(postId)
      }),
    /**
     * A post or comment a moderator hid or removed: what it earned itself (its publication, its
     * analysis, the likes it received) is reversed, once. Restoring pays nothing again.
     */
    contentModerated: (db: Db, id: string) => reverse(db, (store) => store.reversibleByTarget([id])),
    /** Before the comment is deleted: what it earned, likes included; its replies stay and keep theirs. */
    commentDeleted: (db: Db, commentId: string) =>
      reverse(db, async (store) => store.reversibleByTarget(await store.lockComment(commentId))),
  }
}
export type RewardsLedger = ReturnType<typeof rewardsLedger>

/**
 * The ledger reacts to the contributions' domain events, inside their transactions: an entry is
 * written (or reversed) with the post, comment, like or analysis, or not at all; what a single
 * post or comment earned goes back to its author in the answer.
 */
export function subscribeLedger(events: EventBus, config: RewardsConfig) {
  const ledger = rewardsLedger(config)
  events.inTransaction('post.published', async (trx, [post]) => ({
    reward: await ledger.postPublished(trx, { id: post.postId, user_id: post.authorId }),
  }))
  events.inTransaction('comment.written', async (trx, [comment]) => ({
    reward: await ledger.commentWritten(trx, {
      id: comment.commentId,
      user_id: comment.authorId,
      post_id: comment.postId,
    }),
  }))
  events.inTransaction('like.given', async (trx, likes) => {
    for (const kind of ['post', 'comment'] as const) {
      const ofKind = likes.filter((like) => like.kind === kind)
      if (ofKind.length === 0) continue
      await ledger.likesGiven(
        trx,
        kind,
        ofKind.map((like) => ({
          liked: { id: like.targetId, user_id: like.authorId, post_id: like.postId },
          likerId: like.likerId,
        })),
      )
    }
  })
  events.inTransaction('like.withdrawn', (trx, likes) =>
    ledger.likesWithdrawn(
      trx,
      likes.map((like) => ({ likedId: like.targetId, likerId: like.likerId })),
    ),
  )
  events.inTransaction('post.removed', async (trx, posts) => {
    for (const post of posts) await ledger.postDeleted(trx, post.postId)
  })
  events.inTransaction('comment.removed', async (trx, comments) => {
    for (const comment of comments) await ledger.commentDeleted(trx, comment.commentId)
  })
  events.inTransaction('content.moderated', async (trx, actions) => {
    for (const action of actions) {
      if (action.action !== 'restore') await ledger.contentModerated(trx, action.id)
    }
  })
  events.inTransaction('analysis.finished', async (trx, analyses) => {
    for (const analysis of analyses) {
      if (analysis.status !== 'done') continue
      await ledger.postAnalysed(trx, { id: analysis.postId, user_id: analysis.authorId }, analysis.fileCount)
    }
  })
}
