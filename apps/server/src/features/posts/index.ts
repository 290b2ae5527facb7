export { isSavedBy } from './posts.following'
export { postsRoutes } from './posts.routes'
export { POST_NOT_FOUND, postsService } from './posts.service'
export { normaliseTags } from './posts.validation'
