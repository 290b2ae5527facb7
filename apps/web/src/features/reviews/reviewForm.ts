import type { CreateReviewRequest, ReviewEditRequest, ReviewView } from '@agora/contract'
import {
  REVIEW_CRITERIA,
  REVIEW_INTERESTS_MAX,
  REVIEW_SUMMARY_MAX,
  REVIEW_SUMMARY_MIN,
  type ReviewCriterion,
} from '../../api/reviews'

/** A score, 1 to 5, as the ratings and the confidence take it. */
export type Score = 1 | 2 | 3 | 4 | 5
export const SCORES: readonly Score[] = [1, 2, 3, 4, 5]

/** The review form as the reader fills it in: a rating or the confidence not chosen yet is null. */
export interface ReviewDraft {
  version: number
  summary: string
  ratings: Record<ReviewCriterion, Score | null>
  confidence: Score | null
  competingInterests: string
}

export type ReviewField = 'summary' | ReviewCriterion | 'confidence' | 'competingInterests'
export type ReviewProblem =
  | 'summaryShort'
  | 'summaryLong'
  | 'scoreMissing'
  | 'interestsMissing'
  | 'interestsLong'

/** Characters as the server's schema counts them: Unicode code points. */
export const characters = (text: string) => [...text].length

export function emptyDraft(version: number): ReviewDraft {
  return {
    version,
    summary: '',
    ratings: Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, null])) as ReviewDraft['ratings'],
    confidence: null,
    competingInterests: '',
  }
}

/** The form filled with a review of one's own, to edit it. */
export function draftOf(review: ReviewView): ReviewDraft {
  const draft = emptyDraft(review.version)
  return {
    ...draft,
    summary: review.summary,
    ratings: { ...draft.ratings, ...(review.ratings as ReviewDraft['ratings'] | null) },
    confidence: (review.confidence as Score | null) ?? null,
    competingInterests: review.competing_interests,
  }
}

/**
 * What keeps the draft from being sent, field by field, as the server would refuse it: the summary
 * is judged trimmed (the server trims it), the competing interests must say something ("None" does).
 */
export function reviewProblems(draft: ReviewDraft): Partial<Record<ReviewField, ReviewProblem>> {
  const problems: Partial<Record<ReviewField, ReviewProblem>> = {}
  if (characters(draft.summary.trim()) < REVIEW_SUMMARY_MIN) problems.summary = 'summaryShort'
  else if (characters(draft.summary) > REVIEW_SUMMARY_MAX) problems.summary = 'summaryLong'
  for (const name of REVIEW_CRITERIA) if (draft.ratings[name] === null) problems[name] = 'scoreMissing'
  if (draft.confidence === null) problems.confidence = 'scoreMissing'
  if (!draft.competingInterests.trim()) problems.competingInterests = 'interestsMissing'
  else if (characters(draft.competingInterests) > REVIEW_INTERESTS_MAX)
    problems.competingInterests = 'interestsLong'
  return problems
}

/** The fields in the order the form shows them: the first with a problem takes the focus. */
export const FIELD_ORDER: readonly ReviewField[] = [
  'summary',
  ...REVIEW_CRITERIA,
  'confidence',
  'competingInterests',
]

function complete(draft: ReviewDraft) {
  if (Object.keys(reviewProblems(draft)).length > 0) throw new Error('The review form is not complete')
  return {
    summary: draft.summary.trim(),
    ratings: draft.ratings as Record<ReviewCriterion, Score>,
    confidence: draft.confidence as Score,
    competing_interests: draft.competingInterests.trim(),
  }
}

/** The request that writes the draft as a new review (it has no problems). */
export function toCreateRequest(draft: ReviewDraft): CreateReviewRequest {
  return { version: draft.version, ...complete(draft) }
}

/** The request that saves the draft over the review it was made from, at `baseRevision`. */
export function toEditRequest(draft: ReviewDraft, baseRevision: number): ReviewEditRequest {
  return { base_revision: baseRevision, ...complete(draft) }
}
