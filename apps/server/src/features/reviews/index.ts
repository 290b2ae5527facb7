export { type PublicReview, publicReviews } from './reviews.public'
export { reviewsRoutes } from './reviews.routes'
export { reviewsService } from './reviews.service'
