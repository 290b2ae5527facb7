import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { serve } from '../../http/serve'
import { notificationMailRoutes } from './notifications.mail.routes'
import { LOGIN_FOR_NOTIFICATIONS, notificationsService } from './notifications.service'
import { notificationStreamRoute } from './notifications.stream'

export async function notificationsRoutes(app: AppInstance, ctx: AppContext) {
  const notifications = notificationsService(ctx.db, ctx.events)
  const viewerOf = (request: Parameters<typeof requireUserId>[0]) =>
    requireUserId(request, LOGIN_FOR_NOTIFICATIONS)

  // Kept for the reader alone until the next write (a notification written is one: events raised).
  serve(app, 'GET /notifications', async (request, reply) => {
    const userId = await viewerOf(request)
    return ctx.readCache.own(request, reply, userId, () => notifications.list(userId, request.query))
  })

  serve(app, 'GET /notifications/unread_count', async (request, reply) => {
    const userId = await viewerOf(request)
    return ctx.readCache.own(request, reply, userId, () => notifications.unread(userId))
  })

  serve(app, 'POST /notifications/read', async (request) =>
    notifications.markRead(await viewerOf(request), request.body),
  )

  serve(app, 'GET /notifications/settings', async (request) =>
    notifications.settings(await viewerOf(request)),
  )

  serve(app, 'PUT /notifications/settings', async (request) =>
    notifications.updateSettings(await viewerOf(request), request.body),
  )

  notificationStreamRoute(app, ctx)
  await notificationMailRoutes(app, ctx)
}
