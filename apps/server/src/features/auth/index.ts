export { subscribeEmailChanges } from './auth.accounts'
export { accountRoutes } from './auth.accounts.routes'
export { authRoutes } from './auth.routes'
export { authService } from './auth.service'
