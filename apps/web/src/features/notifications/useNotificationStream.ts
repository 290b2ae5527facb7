import type { NotificationItem, UnreadCountResponse } from '@agora/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { notificationStreamUrl } from '../../api/notifications'
import { notificationKeys } from '../../api/queryKeys'

const FIRST_RETRY_MS = 1000
const LONGEST_RETRY_MS = 30_000

/**
 * Holds the live stream of the signed-in reader's notifications (server-sent events) while
 * `userId` is set: the unread count and new entries arrive without a reload. The browser reconnects
 * a dropped stream by itself (sending Last-Event-ID); when it gives up (the server refused or went
 * away), the stream is opened again after 1, 2, 4 … 30 s from the last entry seen, so nothing is
 * lost or shown twice.
 */
export function useNotificationStream(userId: string | null) {
  const client = useQueryClient()
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let lastEventId: string | null = null
    let retryMs = FIRST_RETRY_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false

    const open = () => {
      source = new EventSource(notificationStreamUrl(lastEventId), { withCredentials: true })
      source.addEventListener('open', () => {
        retryMs = FIRST_RETRY_MS
      })
      source.addEventListener('unread', (event) => {
        const count = JSON.parse((event as MessageEvent<string>).data) as UnreadCountResponse
        client.setQueryData(notificationKeys.unread(userId), count)
      })
      source.addEventListener('notification', (event) => {
        const message = event as MessageEvent<string>
        if (message.lastEventId) lastEventId = message.lastEventId
        const item = JSON.parse(message.data) as NotificationItem
        if (item.id) void client.invalidateQueries({ queryKey: notificationKeys.list(userId) })
      })
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again, later each time.
        if (source?.readyState !== EventSource.CLOSED || stopped) return
        timer = setTimeout(open, retryMs)
        retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS)
      })
    }
    open()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  }, [client, userId])
}
