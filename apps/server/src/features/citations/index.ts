export { citationsRoutes } from './citations.routes'
