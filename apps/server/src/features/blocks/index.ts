/** Blocks: who keeps whom away from their work and notifications. */
export { blocksRoutes } from './blocks.routes'
