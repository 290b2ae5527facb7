import type { AppContext, AppInstance } from '../../context'
import { requireUserId } from '../../http/auth'
import { serve } from '../../http/serve'
import { openEventStream } from '../../http/sse'
import { LOGIN_FOR_NOTIFICATIONS, notificationsService } from './notifications.service'

const NOTIFICATION_ID = /^\d{1,18}$/

/** The topic a user's new notifications are told on (events/live.ts). */
export const userTopic = (userId: string) => `user:${userId}`

/**
 * GET /notifications/stream: the signed-in user's notifications as server-sent events.
 * `unread` ({unread}) first and after every change; `notification` (a NotificationItem, with its id
 * as the event id) for each new one. Resumed with Last-Event-ID (or ?last_event_id=): what was made
 * after that one comes first, then the live ones, each once.
 */
export function notificationStreamRoute(app: AppInstance, ctx: AppContext) {
  const notifications = notificationsService(ctx.db, ctx.events)
  serve(app, 'GET /notifications/stream', async (request, reply) => {
    const userId = await requireUserId(request, LOGIN_FOR_NOTIFICATIONS)
    ctx.streams.take(request, reply, userId)
    const asked = request.headers['last-event-id'] ?? request.query.last_event_id
    const after = typeof asked === 'string' && NOTIFICATION_ID.test(asked) ? asked : null

    // Listening starts before the catch-up is read, so nothing made in between is missed; what
    // the catch-up sent is not sent again.
    const heard: string[] = []
    let replaying = true
    const replayed = new Set<string>()
    let chain = Promise.resolve()
    const deliver = (id: string) => {
      chain = chain.then(async () => {
        // A session ended while its stream was open (a logout anywhere) gets nothing more.
        if ((await request.viewerNow())?.userId !== userId) return stream.end()
        const item = await notifications.one(userId, id)
        if (!item) return
        stream.send('notification', item, item.id)
        stream.send('unread', await notifications.unread(userId))
      })
      chain = chain.catch((error) => request.log.warn({ err: error }, 'live notification not sent'))
    }
    const stopListening = await ctx.live.listen(userTopic(userId), (data) => {
      const id = String(data.id ?? '')
      if (!NOTIFICATION_ID.test(id)) return
      if (replaying) heard.push(id)
      else deliver(id)
    })
    const unread = await notifications.unread(userId)
    const missed = after ? await notifications.since(userId, after) : []

    const stream = openEventStream(request, reply)
    stream.onClose(stopListening)
    stream.onClose(ctx.live.onStop(() => stream.end()))
    stream.send('unread', unread)
    for (const item of missed) {
      stream.send('notification', item, item.id)
      replayed.add(item.id)
    }
    if (missed.length > 0) stream.send('unread', await notifications.unread(userId))
    replaying = false
    for (const id of heard) if (!replayed.has(id)) deliver(id)
    return reply
  })
}
