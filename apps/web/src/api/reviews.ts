/**
 * Open peer review calls. Screens use the hooks in features/reviews, not these.
 *
 *   const page = await listReviews(postId, null, signal)
 *   await markHelpful(reviewId, 'mark')
 */
import type {
  CreateReviewRequest,
  ReviewDetailResponse,
  ReviewEditRequest,
  ReviewListResponse,
  ReviewRequestView,
  ReviewResponseView,
  ReviewRevisionsResponse,
  ReviewView,
} from '@agora/contract'
import {
  REVIEW_CRITERIA,
  REVIEW_INTERESTS_MAX,
  REVIEW_RESPONSE_MAX,
  REVIEW_SUMMARY_MAX,
  REVIEW_SUMMARY_MIN,
  REVIEWS_PAGE_SIZE,
  type ReviewCriterion,
} from '@agora/contract/limits'
import { call, isEditConflict } from './client'

export {
  REVIEW_CRITERIA,
  REVIEW_INTERESTS_MAX,
  REVIEW_RESPONSE_MAX,
  REVIEW_SUMMARY_MAX,
  REVIEW_SUMMARY_MIN,
  REVIEWS_PAGE_SIZE,
  type ReviewCriterion,
}

/** GET /media/{id}/reviews: a page of reviews, newest first, after `cursor` (the last page's `next_cursor`). */
export function listReviews(
  postId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return call('GET /media/:id/reviews', {
    params: { id: postId },
    query: cursor ? { limit: REVIEWS_PAGE_SIZE, cursor } : { limit: REVIEWS_PAGE_SIZE },
    signal,
  })
}

/** GET /reviews/{id}: one review with the work's author's response. */
export function getReview(id: string, signal?: AbortSignal): Promise<ReviewDetailResponse> {
  return call('GET /reviews/:id', { params: { id }, signal })
}

/** POST /media/{id}/reviews: 409 `review_exists` for a second review of one version. */
export function createReview(postId: string, review: CreateReviewRequest) {
  return call('POST /media/:id/reviews', { params: { id: postId }, json: review })
}

/** PATCH /reviews/{id} (its reviewer only); 409 with `current` when it changed since `base_revision`. */
export function editReview(id: string, edit: ReviewEditRequest): Promise<ReviewView> {
  return call('PATCH /reviews/:id', { params: { id }, json: edit })
}

/** The review as it is now, when an edit failed because it changed meanwhile (409). */
export function reviewConflictOf(error: unknown): ReviewView | null {
  return isEditConflict(error) ? (error.body.current as ReviewView) : null
}

/** DELETE /reviews/{id}: withdraws it; a placeholder stays. */
export function withdrawReview(id: string): Promise<ReviewView> {
  return call('DELETE /reviews/:id', { params: { id } })
}

/** GET /reviews/{id}/revisions: every revision, oldest first, the current one last. */
export function getReviewRevisions(id: string, signal?: AbortSignal): Promise<ReviewRevisionsResponse> {
  return call('GET /reviews/:id/revisions', { params: { id }, signal })
}

/** POST /reviews/{id}/helpful with the wanted state, so a repeat cannot flip it back. */
export function setReviewHelpful(id: string, helpful: boolean): Promise<{ helpful: boolean; count: number }> {
  return call('POST /reviews/:id/helpful', {
    params: { id },
    json: { action: helpful ? 'mark' : 'unmark' },
  })
}

/** POST /reviews/{id}/response: the work's author answers, once. */
export function respondToReview(id: string, content: string): Promise<ReviewResponseView> {
  return call('POST /reviews/:id/response', { params: { id }, json: { content } })
}

/** POST /media/{id}/review-requests: invites `reviewer` (a username) to review the post. */
export function inviteReviewer(postId: string, reviewer: string): Promise<ReviewRequestView> {
  return call('POST /media/:id/review-requests', { params: { id: postId }, json: { reviewer } })
}
