export {
  countedSql,
  type ReviewTotals,
  ratingMeanSql,
  reviewCountBy,
  reviewedSql,
  reviewTotalsOf,
  totalsOf,
} from './reviews.lists'
export { type PublicReview, publicReviews } from './reviews.public'
export { reviewsRoutes } from './reviews.routes'
export { reviewsService } from './reviews.service'
