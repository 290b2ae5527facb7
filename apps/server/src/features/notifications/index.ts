export { startDigestScheduler } from './notifications.digest'
export { subscribeNotificationMail } from './notifications.mail'
export { notificationsRoutes } from './notifications.routes'
export { FAN_OUT_HANDLER, subscribeNotifications } from './notifications.writers'
