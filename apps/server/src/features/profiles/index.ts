export { profilesRoutes } from './profiles.routes'
