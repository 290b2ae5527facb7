import type { ReviewCriterion, ReviewRatings } from '@agora/contract'

// The contract's REVIEW_CRITERIA lives beside TypeBox schemas; the record makes the compiler check this copy is whole.
const ORDER: Record<ReviewCriterion, number> = {
  soundness: 0,
  novelty: 1,
  clarity: 2,
  reproducibility: 3,
  significance: 4,
}

/** The five criteria in the order the review form asks them. */
export const CRITERIA = (Object.keys(ORDER) as ReviewCriterion[]).sort((a, b) => ORDER[a] - ORDER[b])

/** The mean of a review's five ratings, to one decimal (the page's JSON-LD says the same). */
export function reviewMean(ratings: ReviewRatings): number {
  const sum = CRITERIA.reduce((total, name) => total + ratings[name], 0)
  return Math.round((sum / CRITERIA.length) * 10) / 10
}
