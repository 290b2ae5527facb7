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
import { API_BASE, api } from './client'

export const NOTIFICATIONS_PAGE_SIZE = 20

/** GET /notifications: newest first, from `cursor` (the previous page's `next_cursor`). */
export function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  return api.get<NotificationsResponse>('/notifications', {
    signal,
    query: { cursor, limit: NOTIFICATIONS_PAGE_SIZE },
  })
}

/** GET /notifications/unread_count — a background check: a lapsed session never opens the login. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return api.get<UnreadCountResponse>('/notifications/unread_count', { signal, unauthorized: 'silent' })
}

/** POST /notifications/read: the named ones, or all. */
export function markNotificationsRead(request: MarkReadRequest): Promise<UnreadCountResponse> {
  return api.post<UnreadCountResponse>('/notifications/read', { json: request })
}

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/notifications/settings', { signal })
}

/** PUT /notifications/settings: the kinds named change, the others stay. */
export function putNotificationSettings(update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/notifications/settings', { json: update })
}

/** Where the live stream of one's notifications is served (server-sent events). */
export function notificationStreamUrl(lastEventId: string | null): string {
  const url = `${API_BASE}/notifications/stream`
  return lastEventId ? `${url}?last_event_id=${encodeURIComponent(lastEventId)}` : url
}
