import { REVIEW_CRITERIA, type ReviewRatings } from '@agora/contract'

/** The mean of a review's five ratings, to one decimal (the page's JSON-LD says the same). */
export function reviewMean(ratings: ReviewRatings): number {
  const sum = REVIEW_CRITERIA.reduce((total, name) => total + ratings[name], 0)
  return Math.round((sum / REVIEW_CRITERIA.length) * 10) / 10
}
