export { reviewsRoutes } from './reviews.routes'
