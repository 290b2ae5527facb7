import {
  REVIEW_CRITERIA,
  type ReviewRatings,
  type ReviewResponseView,
  type ReviewView,
} from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { ReviewRow } from '../../db/schema'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors'
import { can, canReadReview, canWithReview, type ReviewAction, viewerOf } from '../../policy/index'
import { type ReviewWithReviewer, reviewsStore } from './reviews.store'

const REFUSALS = {
  'review.edit': 'review_not_reviewer',
  'review.withdraw': 'review_not_reviewer',
  'review.respond': 'review_response_author',
  'review.mark_helpful': 'review_own_helpful',
} as const

/** A 400 naming the field, as the schema's own refusals do. */
export const invalid = (field: string, message: string) =>
  new BadRequestError('validation_failed', {
    detail: `Invalid ${field}: ${message}`,
    params: { field, message },
    errors: [{ field, message }],
  })

/** The post a review is of, as its rules and its view read it. */
export function postOf(db: Db, id: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'user_id', 'visibility', 'moderation', 'version', 'title'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A review as `viewerId` reads it: withdrawn, or moderated and not theirs, it is a placeholder. */
export function toView(row: ReviewWithReviewer, currentVersion: number, viewerId: string | null): ReviewView {
  const withdrawn = row.withdrawn_at !== null
  const placeholder = withdrawn || !canReadReview(row, viewerId)
  const ratings = Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, row[name]])) as ReviewRatings
  return {
    _id: row.id,
    post_id: row.post_id,
    version: row.version,
    outdated: row.version < currentVersion,
    withdrawn,
    moderation: row.moderation,
    summary: placeholder ? '' : row.summary,
    ratings: placeholder ? null : ratings,
    confidence: placeholder ? null : row.confidence,
    competing_interests: placeholder ? '' : row.competing_interests,
    reviewer: {
      id: row.reviewer_id,
      username: row.username,
      nickname: row.nickname,
      avatar: row.avatar,
      orcid: row.orcid || null,
    },
    helpful: row.helpful,
    marked_helpful: row.marked_helpful,
    response: placeholder ? null : responseOf(row),
    revision: row.revision,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
  }
}

/** 409 for a review no one may act on: withdrawn by its reviewer, or hidden by a moderator. */
export function refuseClosed(row: ReviewRow) {
  if (row.withdrawn_at) throw new ConflictError('review_withdrawn')
  if (row.moderation) throw new ConflictError('review_moderated')
}

/** The work's author's answer as the view gives it, from the columns read with the review. */
export function responseOf(
  row: Pick<
    ReviewWithReviewer,
    'response_content' | 'response_revision' | 'response_created_at' | 'response_edited_at'
  >,
): ReviewResponseView | null {
  if (row.response_content === null || !row.response_created_at) return null
  return {
    content: row.response_content,
    revision: row.response_revision ?? 1,
    created_at: row.response_created_at.toISOString(),
    edited_at: row.response_edited_at?.toISOString() ?? null,
  }
}

/**
 * Finds a review for a viewer who may see its post (else 404: a review of a post one may not see
 * is not there either), refused 403 when they may not do `action` with it.
 */
export function reviewLookup(db: Db) {
  return async function reviewFor(viewerId: string | null, id: string, action?: ReviewAction) {
    const row = isId(id) ? await reviewsStore(db).find(id, viewerId) : undefined
    const post = row ? await postOf(db, row.post_id) : undefined
    if (!row || !post || !can(viewerOf(viewerId), 'post.read', post))
      throw new NotFoundError('review_not_found')
    if (
      action &&
      !canWithReview(viewerOf(viewerId), action, {
        reviewer_id: row.reviewer_id,
        post_author_id: post.user_id,
      })
    )
      throw new ForbiddenError(REFUSALS[action])
    return { row, post }
  }
}
