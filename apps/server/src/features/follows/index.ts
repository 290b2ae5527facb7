export { followsRoutes } from './follows.routes'
export { followStats } from './follows.service'
