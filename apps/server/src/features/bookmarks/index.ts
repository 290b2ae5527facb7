export { bookmarksRoutes } from './bookmarks.routes'
