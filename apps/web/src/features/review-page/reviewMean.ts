import type { ReviewRatings } from '@agora/contract'
import { REVIEW_CRITERIA } from '@agora/contract/limits'

/** The five criteria in the order the review form asks them. */
export const CRITERIA = REVIEW_CRITERIA

/** The mean of a review's five ratings, to one decimal (the page's JSON-LD says the same). */
export function reviewMean(ratings: ReviewRatings): number {
  const sum = CRITERIA.reduce((total, name) => total + ratings[name], 0)
  return Math.round((sum / CRITERIA.length) * 10) / 10
}
