/** Moderation: reports, the queue, hide/remove, suspensions, roles, the log (trust rules: policy/trust.ts). */
export { moderationRoutes } from './moderation.routes'
export { moderationService } from './moderation.service'
