export { statsRoutes } from './stats.routes'
export { statsService } from './stats.service'
