import Type from 'typebox'
import { MailOutboxItem, MailSettings, MailSettingsUpdate, UnsubscribeInfo } from '../accounts'
import type { Endpoint } from '../endpoint'
import {
  MarkReadRequest,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsQuery,
  NotificationsResponse,
  UnreadCountResponse,
} from '../notifications'

const tags = ['notifications']
const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 300 }) })

/** Notifications: the list, its live stream and settings, notification mail and its unsubscribe link. */
export const NOTIFICATIONS_API = {
  'GET /notifications': {
    tags,
    summary: 'Your notifications, latest activity first (keyset paged), and how many are unread',
    query: NotificationsQuery,
    answer: NotificationsResponse,
    errors: [400, 401],
  },
  'GET /notifications/unread_count': {
    tags,
    summary: 'How many of your notifications are unread',
    answer: UnreadCountResponse,
    errors: [401],
  },
  'POST /notifications/read': {
    tags,
    summary: 'Mark notifications read: the ones named by `ids`, or `all`',
    description: 'Ids that are not yours are ignored. Answers how many are still unread.',
    body: MarkReadRequest,
    answer: UnreadCountResponse,
    errors: [400, 401],
  },
  'GET /notifications/settings': {
    tags,
    summary: 'Which kinds of notification you get (all on for a new account)',
    answer: NotificationSettings,
    errors: [401],
  },
  'PUT /notifications/settings': {
    tags,
    summary: 'Turn kinds of notification on or off: the kinds named change, the others stay',
    body: NotificationSettingsUpdate,
    answer: NotificationSettings,
    errors: [400, 401],
  },
  'GET /notifications/stream': {
    tags,
    summary: 'Your notifications as they happen (server-sent events: unread, notification)',
    description:
      'text/event-stream. `unread` ({unread}) on connect and after each notification; `notification` (an item of the list, its id the event id). Send Last-Event-ID (or ?last_event_id=) to resume after the last one received.',
    query: Type.Object({ last_event_id: Type.Optional(Type.String({ maxLength: 20 })) }),
    answer: { bytes: ['text/event-stream'], description: 'Server-sent events: unread, notification.' },
    errors: [401, 429],
  },
  'GET /notifications/mail': {
    tags,
    summary: 'How each kind of notification comes by mail (only ever to a verified address)',
    answer: MailSettings,
    errors: [401],
  },
  'PUT /notifications/mail': {
    tags,
    summary: 'Set kinds to off, instant, daily or weekly: the kinds named change, the others stay',
    body: MailSettingsUpdate,
    answer: MailSettings,
    errors: [400, 401],
  },
  'GET /mail/unsubscribe': {
    tags,
    summary: 'What an unsubscribe link stops (it changes nothing: mail scanners follow links)',
    query: UnsubscribeQuery,
    answer: UnsubscribeInfo,
    errors: [400],
  },
  'POST /mail/unsubscribe': {
    tags,
    summary: 'Stop the mail an unsubscribe link names (one click, RFC 8058: no sign-in needed)',
    query: UnsubscribeQuery,
    body: Type.Object({ 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 100 })) }),
    bodyAs: 'form',
    bodyOptional: true,
    answer: UnsubscribeInfo,
    errors: [400],
  },
  'GET /mail/outbox': {
    tags: ['mail'],
    summary: 'Messages of the mail outbox by status, newest first (administrators only)',
    query: Type.Object({
      status: Type.Optional(
        Type.Union([Type.Literal('failed'), Type.Literal('pending'), Type.Literal('sent')]),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    }),
    answer: Type.Object({ items: Type.Array(MailOutboxItem) }),
    errors: [400, 401, 403],
  },
} as const satisfies Record<string, Endpoint>
