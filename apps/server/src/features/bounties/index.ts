export { bountiesRoutes } from './bounties.routes'
export { type BountiesService, bountiesService } from './bounties.service'
