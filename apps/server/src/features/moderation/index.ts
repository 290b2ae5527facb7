/** Moderation and trust: reports, the queue, hide/remove, suspensions, roles, the log. */
export { moderationRoutes } from './moderation.routes'
export { moderationService } from './moderation.service'
export {
  linksIn,
  postingAllowance,
  subscribeTrust,
  type Trust,
  trustLimits,
  trustOf,
} from './moderation.trust'
