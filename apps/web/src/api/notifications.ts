/**
 * Notifications: the list, the unread count, marking read and the settings. Screens use
 * the hooks in features/notifications, not these directly.
 */
import type {
  MarkReadRequest,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsResponse,
  UnreadCountResponse,
} from '@agora/contract'
import { API_BASE, call, callPath } from './client'

export const NOTIFICATIONS_PAGE_SIZE = 20

/** GET /notifications: newest first, from `cursor` (the previous page's `next_cursor`). */
export function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  return call('GET /notifications', {
    signal,
    query: { cursor: cursor ?? undefined, limit: NOTIFICATIONS_PAGE_SIZE },
  })
}

/** GET /notifications/unread_count — a background check: a lapsed session never opens the login. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return call('GET /notifications/unread_count', { signal, unauthorized: 'silent' })
}

/** POST /notifications/read: the named ones, or all. */
export function markNotificationsRead(request: MarkReadRequest): Promise<UnreadCountResponse> {
  return call('POST /notifications/read', { json: request })
}

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return call('GET /notifications/settings', { signal })
}

/** PUT /notifications/settings: the kinds named change, the others stay. */
export function putNotificationSettings(update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return call('PUT /notifications/settings', { json: update })
}

/** Where the live stream of one's notifications is served (server-sent events). */
export function notificationStreamUrl(lastEventId: string | null): string {
  const query = lastEventId ? { last_event_id: lastEventId } : {}
  return `${API_BASE}${callPath('GET /notifications/stream', { query })}`
}
