export { warmCitations } from './citations'
export { citationsRoutes } from './citations.routes'
