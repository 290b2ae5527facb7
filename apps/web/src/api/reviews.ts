/**
 * Open peer review calls. Screens use the hooks in features/reviews, not these.
 *
 *   const page = await listReviews(postId, null, signal)
 *   await markHelpful(reviewId, 'mark')
 */
import type {
  CiteFormat,
  CreateReviewRequest,
  ReviewEditRequest,
  ReviewListResponse,
  ReviewRequestView,
  ReviewResponseRevisions,
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
import { API_BASE, call, callPath, isEditConflict } from './client'

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

/** PATCH /reviews/{id}/response: 409 with `current` when the answer changed since `base_revision`. */
export function editResponse(id: string, content: string, baseRevision: number): Promise<ReviewResponseView> {
  return call('PATCH /reviews/:id/response', {
    params: { id },
    json: { content, base_revision: baseRevision },
  })
}

/** The answer as it is now, when an edit of it failed because it changed meanwhile (409). */
export function responseConflictOf(error: unknown): ReviewResponseView | null {
  return isEditConflict(error) ? (error.body.current as ReviewResponseView) : null
}

/** GET /reviews/{id}/response/revisions: the answer's revisions, oldest first. */
export function getResponseRevisions(id: string, signal?: AbortSignal): Promise<ReviewResponseRevisions> {
  return call('GET /reviews/:id/response/revisions', { params: { id }, signal })
}

/** A review's citation as text in `format` (CSL-JSON comes back parsed, so it is printed again). */
export async function getReviewCitation(
  id: string,
  format: CiteFormat,
  signal?: AbortSignal,
): Promise<string> {
  const answer: unknown = await call('GET /reviews/:id/cite', { params: { id }, query: { format }, signal })
  return typeof answer === 'string' ? answer : `${JSON.stringify(answer, null, 2)}\n`
}

/** Where a review's citation downloads as a file. */
export function reviewCitationFileUrl(id: string, format: CiteFormat): string {
  return `${API_BASE}${callPath('GET /reviews/:id/cite', { params: { id }, query: { format, download: true } })}`
}

/** POST /media/{id}/review-requests: invites `reviewer` (a username) to review the post. */
export function inviteReviewer(postId: string, reviewer: string): Promise<ReviewRequestView> {
  return call('POST /media/:id/review-requests', { params: { id: postId }, json: { reviewer } })
}
