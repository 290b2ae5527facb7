export { feedsRoutes, SITEMAP_SIZE } from './feeds.routes'
