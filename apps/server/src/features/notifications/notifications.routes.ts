import {
  MarkReadRequest,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsQuery,
  NotificationsResponse,
  UnreadCountResponse,
} from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { failures } from '../../http/responses'
import { notificationMailRoutes } from './notifications.mail.routes'
import { LOGIN_FOR_NOTIFICATIONS, notificationsService } from './notifications.service'
import { notificationStreamRoute } from './notifications.stream'

export async function notificationsRoutes(app: AppInstance, ctx: AppContext) {
  const notifications = notificationsService(ctx.db, ctx.events)
  const tags = ['notifications']
  const viewerOf = (request: Parameters<typeof requireUserId>[0]) =>
    requireUserId(request, LOGIN_FOR_NOTIFICATIONS)

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, latest activity first (keyset paged), and how many are unread',
        querystring: NotificationsQuery,
        response: { 200: NotificationsResponse, ...failures(400, 401) },
      },
    },
    // Kept for the reader alone until the next write (a notification written is one: events raised).
    async (request, reply) => {
      const userId = await viewerOf(request)
      return ctx.readCache.own(request, reply, userId, () => notifications.list(userId, request.query))
    },
  )

  app.get(
    '/notifications/unread_count',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread',
        response: { 200: UnreadCountResponse, ...failures(401) },
      },
    },
    async (request, reply) => {
      const userId = await viewerOf(request)
      return ctx.readCache.own(request, reply, userId, () => notifications.unread(userId))
    },
  )

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: the ones named by `ids`, or `all`',
        description: 'Ids that are not yours are ignored. Answers how many are still unread.',
        body: MarkReadRequest,
        response: { 200: UnreadCountResponse, ...failures(400, 401) },
      },
    },
    async (request) => notifications.markRead(await viewerOf(request), request.body),
  )

  app.get(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Which kinds of notification you get (all on for a new account)',
        response: { 200: NotificationSettings, ...failures(401) },
      },
    },
    async (request) => notifications.settings(await viewerOf(request)),
  )

  app.put(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Turn kinds of notification on or off: the kinds named change, the others stay',
        body: NotificationSettingsUpdate,
        response: { 200: NotificationSettings, ...failures(400, 401) },
      },
    },
    async (request) => notifications.updateSettings(await viewerOf(request), request.body),
  )

  notificationStreamRoute(app, ctx)
  await notificationMailRoutes(app, ctx)
}
