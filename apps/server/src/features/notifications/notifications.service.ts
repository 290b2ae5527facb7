import {
  type MarkReadRequest,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationsQuery,
  type NotificationsResponse,
} from '@agora/contract'
import type { Db } from '../../db/index'
import { perTurnLoader } from '../../db/per-turn'
import type { EventBus } from '../../events/index'
import { BadRequestError } from '../../http/errors'
import { inboxStore, type ListCursor, type NotificationListRow } from './notifications.inbox'
import { excerptOf } from './notifications.text'

const DEFAULT_LIMIT = 20
export const LOGIN_FOR_NOTIFICATIONS = 'Please login to see your notifications'
/** Where the web app shows one's reward claims (apps/web/src/app/router.tsx, My page's tabs). */
export const REWARDS_TAB_URL = '/mypage?tab=rewards'
const BAD_CURSOR = 'Invalid cursor: pass back the next_cursor of the previous page'
const BAD_IDS = 'ids must be notification ids from the list'

/** Where a notification leads in the web app: its post (at its comment), or the rewards tab. */
function targetUrl(row: NotificationListRow): string {
  if (row.kind === 'claim_paid' || row.kind === 'claim_failed') return REWARDS_TAB_URL
  if (!row.post_id) return '/mypage'
  return `/forum/detail/${row.post_id}${row.comment_id ? `#${row.comment_id}` : ''}`
}

/** A few words of what the notification is about: the comment, the post that names, or the reason. */
function excerpt(row: NotificationListRow): string {
  if (row.excerpt) return row.excerpt
  if (row.comment_id) return excerptOf(row.comment_text)
  if (row.kind === 'mention') return excerptOf(row.post_text)
  return ''
}

export function toNotificationItem(row: NotificationListRow): NotificationItem {
  const amount = row.data.amount
  return {
    id: row.id,
    kind: row.kind,
    read: row.read_at !== null,
    created_at: row.updated_at.toISOString(),
    actor:
      row.actor_id && row.actor_username !== null
        ? {
            id: row.actor_id,
            username: row.actor_username,
            nickname: row.actor_nickname ?? '',
            avatar: row.actor_avatar ?? '',
          }
        : null,
    actors_count: Math.max(1, row.actors_count),
    post_id: row.post_id,
    post_title: row.post_title,
    comment_id: row.comment_id,
    excerpt: excerpt(row),
    target_url: targetUrl(row),
    ...(row.tag ? { tag: row.tag } : {}),
    ...(typeof amount === 'string' ? { amount } : {}),
  }
}

/** The list's cursor, opaque to clients: the last item's activity time and id. */
function encodeCursor(row: NotificationListRow): string {
  return Buffer.from(`${row.updated_at.getTime()}.${row.id}`).toString('base64url')
}

function decodeCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(Buffer.from(raw, 'base64url').toString())
  if (!match)
    throw new BadRequestError('bad_cursor', {
      detail: BAD_CURSOR,
      errors: [{ field: 'cursor', message: 'is not a cursor this server gave out' }],
    })
  return { updatedAt: new Date(Number(match[1])), id: match[2] }
}

/** A user's notifications: the list, the unread count, marking read, and which kinds are on. */
export function notificationsService(db: Db, events: EventBus) {
  const store = inboxStore(db)
  // The unread counts asked in one turn of the event loop (a header asks on every screen): one query.
  const unreadThisTurn = perTurnLoader<string, number>(async (userIds) => {
    const counts = await store.unreadOf(userIds)
    return userIds.map((id) => counts.get(id) ?? 0)
  })

  async function settings(userId: string): Promise<NotificationSettings> {
    const disabled = new Set(await store.disabledKinds(userId))
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, !disabled.has(kind)]),
    ) as NotificationSettings
  }

  return {
    async list(userId: string, query: NotificationsQuery): Promise<NotificationsResponse> {
      const limit = query.limit ?? DEFAULT_LIMIT
      const rows = await store.list(userId, decodeCursor(query.cursor), limit + 1)
      const page = rows.slice(0, limit)
      return {
        items: page.map(toNotificationItem),
        next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
        unread: await unreadThisTurn.load(userId),
      }
    },

    unread: async (userId: string) => ({ unread: await unreadThisTurn.load(userId) }),

    /** For a live stream resumed after `afterId`: what was made since, oldest first (at most 100). */
    since: async (userId: string, afterId: string) =>
      (await store.since(userId, afterId, 100)).map(toNotificationItem),

    /** One notification of the user's, as the list shows it (undefined when gone or not theirs). */
    async one(userId: string, id: string): Promise<NotificationItem | undefined> {
      const row = await store.one(userId, id)
      return row && toNotificationItem(row)
    },

    async markRead(userId: string, request: MarkReadRequest) {
      let marked = 0
      if (request.all) marked = await store.markRead(userId, 'all')
      else if (request.ids) {
        if (!request.ids.every((id) => /^\d{1,18}$/.test(id))) {
          throw new BadRequestError('notification_ids_invalid', {
            detail: BAD_IDS,
            errors: [{ field: 'ids', message: 'are not all notification ids' }],
          })
        }
        marked = await store.markRead(userId, request.ids)
      } else {
        throw new BadRequestError('mark_read_needs_ids', {
          errors: [{ field: 'ids', message: 'ids or all is required' }],
        })
      }
      if (marked > 0) await events.raise(db, 'notifications.read', [{ userId, count: marked }])
      return { unread: await store.unread(userId) }
    },

    settings,

    async updateSettings(userId: string, update: NotificationSettingsUpdate): Promise<NotificationSettings> {
      const kinds = NOTIFICATION_KINDS.filter((kind) => update[kind] !== undefined)
      await store.switchKinds(
        userId,
        kinds.filter((kind) => update[kind]),
        kinds.filter((kind) => !update[kind]),
      )
      return settings(userId)
    },
  }
}
