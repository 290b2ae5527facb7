import type { ReviewRequestView } from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors'
import { can, viewerOf, visibleOrGone, visibleTo } from '../../policy/index'
import { postOf } from './reviews.views'

const REQUESTS_LISTED = 100

/** The invitations matching `where`, as their views show them. */
function requestViews(db: Db) {
  return db
    .selectFrom('review_requests as r')
    .innerJoin('posts', 'posts.id', 'r.post_id')
    .innerJoin('users as reviewer', 'reviewer.id', 'r.reviewer_id')
    .innerJoin('users as requester', 'requester.id', 'r.requester_id')
    .select([
      'r.id',
      'r.status',
      'r.created_at',
      'r.answered_at',
      'posts.id as post_id',
      'posts.title',
      'reviewer.id as reviewer_id',
      'reviewer.username as reviewer_username',
      'reviewer.nickname as reviewer_nickname',
      'requester.id as requester_id',
      'requester.username as requester_username',
      'requester.nickname as requester_nickname',
    ])
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestViews>['executeTakeFirstOrThrow']>>

function toView(row: RequestRow): ReviewRequestView {
  return {
    _id: row.id,
    post: { id: row.post_id, title: row.title },
    reviewer: { id: row.reviewer_id, username: row.reviewer_username, nickname: row.reviewer_nickname },
    requester: { id: row.requester_id, username: row.requester_username, nickname: row.requester_nickname },
    status: row.status,
    created_at: row.created_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
  }
}

/** Invitations to review: anyone invites a reader to review a public post; the invitee answers. */
export function reviewRequests(db: Db, events: EventBus) {
  const one = (id: string) => requestViews(db).where('r.id', '=', id).executeTakeFirstOrThrow()

  return {
    async invite(requesterId: string, postId: string, username: string): Promise<ReviewRequestView> {
      if (!isId(postId)) throw new NotFoundError('post_not_found')
      const post = await visibleOrGone(db, await postOf(db, postId), postId, requesterId)
      // Only a work everyone may read is open to review.
      if (!can(viewerOf(null), 'post.read', post)) throw new ForbiddenError('review_not_public')
      const reviewer = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username.trim())
        .executeTakeFirst()
      if (!reviewer) throw new NotFoundError('user_not_found')
      if (reviewer.id === post.user_id) throw new BadRequestError('review_request_author')
      const id = uuidv7()
      await inTransaction(db, async (trx) => {
        const added = await trx
          .insertInto('review_requests')
          .values({ id, post_id: post.id, reviewer_id: reviewer.id, requester_id: requesterId })
          .onConflict((oc) => oc.columns(['post_id', 'reviewer_id']).where('status', '=', 'open').doNothing())
          .returning('id')
          .executeTakeFirst()
        if (!added) throw new ConflictError('review_request_open')
        await events.raise(trx, 'review.requested', [
          { requestId: id, postId: post.id, reviewerId: reviewer.id, requesterId },
        ])
      })
      return toView(await one(id))
    },

    /** The invitations one received to posts one may still see: open first, then newest. */
    async mine(userId: string) {
      const rows = await requestViews(db)
        .where('r.reviewer_id', '=', userId)
        .where(visibleTo(userId))
        .orderBy(sql`r.status = 'open'`, 'desc')
        .orderBy('r.id', 'desc')
        .limit(REQUESTS_LISTED)
        .execute()
      return { items: rows.map(toView) }
    },

    /** The invitee accepts or declines; another's invitation is not there for them. */
    async answer(userId: string, id: string, status: 'accepted' | 'declined'): Promise<ReviewRequestView> {
      const row = isId(id)
        ? await db
            .selectFrom('review_requests')
            .select(['reviewer_id', 'status'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined
      if (!row || row.reviewer_id !== userId) throw new NotFoundError('review_request_not_found')
      const { numUpdatedRows } = await db
        .updateTable('review_requests')
        .set({ status, answered_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst()
      if (numUpdatedRows === 0n) throw new ConflictError('review_request_answered')
      return toView(await one(id))
    },
  }
}
