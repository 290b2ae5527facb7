export {
  countedSql,
  type ReviewTotals,
  ratingMeanSql,
  reviewCountBy,
  reviewedSql,
  reviewTotalsOf,
  totalsOf,
} from './reviews.lists'
export { reviewsRoutes } from './reviews.routes'
