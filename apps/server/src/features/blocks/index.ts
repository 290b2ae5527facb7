/** Blocks: who keeps whom away from their work and notifications. */
export { blocksRoutes } from './blocks.routes'
export { BLOCKED_BY_AUTHOR, EDIT_BLOCKED_BY_AUTHOR, subscribeBlocks } from './blocks.service'
