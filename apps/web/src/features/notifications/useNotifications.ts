import type { NotificationSettings, NotificationsResponse } from '@agora/contract'
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  getNotificationSettings,
  getNotifications,
  getUnreadCount,
  markNotificationsRead,
  putNotificationSettings,
} from '../../api/notifications'
import { notificationKeys } from '../../api/queryKeys'
import { useSession } from '../../app/useSession'

/** Without the live stream, the bell still catches up this often (and when the tab comes back). */
const UNREAD_POLL_MS = 60_000

/** The signed-in reader's unread count, for the bell; undefined while unknown or signed out. */
export function useUnreadCount(): number | undefined {
  const { basic } = useSession()
  const userId = basic?.id ?? ''
  const query = useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: !!basic,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  })
  return basic ? query.data?.unread : undefined
}

/** The list, newest first, a page of 20 at a time. */
export function useNotificationList(userId: string) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

/** Marks some (or all) read; the list and the bell show it at once, and the server's count wins. */
export function useMarkRead(userId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (ids: readonly string[] | 'all') =>
      markNotificationsRead(ids === 'all' ? { all: true } : { ids: [...ids] }),
    onMutate: (ids) => {
      client.setQueryData<InfiniteData<NotificationsResponse>>(notificationKeys.list(userId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  ids === 'all' || ids.includes(item.id) ? { ...item, read: true } : item,
                ),
              })),
            }
          : data,
      )
    },
    onSuccess: (answer) => client.setQueryData(notificationKeys.unread(userId), answer),
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

/**
 * One's settings, read once per visit: they change only through this page, whose saves write the
 * server's answer into the cache. (Read again when the window regains focus, as stale queries are,
 * an answer from before a save in flight put the old value back under the reader's click.)
 */
export function useNotificationSettings(userId: string) {
  return useQuery({
    queryKey: notificationKeys.settings(userId),
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * Changes some kinds on or off: written into the cache at once (a load still under way cannot put
 * the old value back), and rolled back if saving fails.
 */
export function useUpdateNotificationSettings(userId: string) {
  const client = useQueryClient()
  const key = notificationKeys.settings(userId)
  const mutation = useMutation({
    mutationFn: ({ update }: { update: Partial<NotificationSettings>; before?: NotificationSettings }) =>
      putNotificationSettings(update),
    onError: (_error, { before }) => {
      if (before) client.setQueryData(key, before)
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  })
  return {
    isPending: mutation.isPending,
    mutate(
      update: Partial<NotificationSettings>,
      options?: { onError?: () => void; onSettled?: () => void },
    ) {
      const before = client.getQueryData<NotificationSettings>(key)
      if (before) {
        // A load still under way must not write the old values over this change.
        void client.cancelQueries({ queryKey: key }, { revert: false })
        client.setQueryData<NotificationSettings>(key, { ...before, ...update })
      }
      mutation.mutate({ update, before }, options)
    },
  }
}
