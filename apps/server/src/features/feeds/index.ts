export { feedsRoutes } from './feeds.routes'
export { SITEMAP_SIZE } from './feeds.sitemap'
