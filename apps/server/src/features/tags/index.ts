export { tagsRoutes } from './tags.routes'
