export { authRoutes } from './auth.routes'
export { authService } from './auth.service'
