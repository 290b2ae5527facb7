export { pagesRoutes } from './pages.routes'
