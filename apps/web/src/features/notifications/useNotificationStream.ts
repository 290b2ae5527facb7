import type { NotificationItem, UnreadCountResponse } from '@agora/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { holdEventStream } from '../../api/eventStream'
import { notificationStreamUrl } from '../../api/notifications'
import { notificationKeys } from '../../api/queryKeys'

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
    let lastEventId: string | null = null
    const stream = holdEventStream(
      () => notificationStreamUrl(lastEventId),
      (source) => {
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
      },
    )
    return () => stream.close()
  }, [client, userId])
}
