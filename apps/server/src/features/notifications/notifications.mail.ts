import { type MailModeName, NOTIFICATION_KINDS, type NotificationKindName } from '@agora/contract'
import { sql } from 'kysely'
import type { MailConfig } from '../../config'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import {
  compose,
  type MailLanguage,
  mailLanguage,
  mailStore,
  unsubscribeHeaders,
  unsubscribeTokens,
} from '../mail/index'
import { inboxStore } from './notifications.inbox'
import { MAIL_TEXT, sentenceOf } from './notifications.mail.text'
import { toNotificationItem } from './notifications.service'

/**
 * How each kind comes by mail unless the user chose otherwise: what is addressed to them at once,
 * news of people and tags they follow in a weekly digest, likes not at all.
 */
export const DEFAULT_MAIL_MODES: Record<NotificationKindName, MailModeName> = {
  comment: 'daily',
  reply: 'instant',
  mention: 'instant',
  like: 'off',
  followed_author: 'weekly',
  followed_tag: 'weekly',
  claim_paid: 'instant',
  claim_failed: 'instant',
  moderation: 'instant',
  review: 'instant',
  review_request: 'instant',
  review_response: 'instant',
  bounty_award: 'instant',
}

/** What an unsubscribe link stops: one kind's mail, or a whole digest. */
export type UnsubscribeTarget = NotificationKindName | 'digest_daily' | 'digest_weekly'

const isKind = (value: string): value is NotificationKindName =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value)

export function mailSettingsStore(db: Db) {
  return {
    /** Every kind's mode for the user: their choices over the defaults. */
    async modes(userId: string): Promise<Record<NotificationKindName, MailModeName>> {
      const rows = await db
        .selectFrom('notification_mail')
        .select(['kind', 'mode'])
        .where('user_id', '=', userId)
        .execute()
      const modes = { ...DEFAULT_MAIL_MODES }
      for (const row of rows) if (isKind(row.kind)) modes[row.kind] = row.mode
      return modes
    },

    async set(userId: string, changes: Partial<Record<NotificationKindName, MailModeName>>) {
      const rows = Object.entries(changes)
        .filter(([kind, mode]) => isKind(kind) && mode !== undefined)
        .map(([kind, mode]) => ({ user_id: userId, kind, mode: mode! }))
      if (rows.length === 0) return
      await db
        .insertInto('notification_mail')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['user_id', 'kind']).doUpdateSet({ mode: (eb) => eb.ref('excluded.mode') }),
        )
        .execute()
    },
  }
}

/** The users among `userIds` whose address takes mail (verified, not bounced), with their mode for `kind`. */
async function mailable(db: Db, userIds: readonly string[], kind: NotificationKindName) {
  if (userIds.length === 0) return []
  const { rows } = await sql<{
    id: string
    email: string
    language: string
    username: string
    nickname: string
    mode: MailModeName
  }>`
    select u.id, u.email, u.language, u.username, u.nickname, coalesce(nm.mode, ${DEFAULT_MAIL_MODES[kind]}) as mode
    from users u left join notification_mail nm on nm.user_id = u.id and nm.kind = ${kind}
    where u.id = any(${sql.val([...new Set(userIds)])}::uuid[])
      and u.email <> '' and u.email_verified_at is not null and u.email_bounced_at is null
  `.execute(db)
  return rows
}

export function notificationMail(config: MailConfig, secret: string) {
  const tokens = unsubscribeTokens(secret)
  const url = (path: string) => `${config.publicUrl}${path}`
  /** The one-click link (RFC 8058) in the headers, and the page that asks first in the body. */
  const unsubscribe = (userId: string, target: UnsubscribeTarget) => {
    const token = encodeURIComponent(tokens.issue(userId, target))
    return {
      headers: unsubscribeHeaders(url(`/api/v1/mail/unsubscribe?token=${token}`)),
      page: url(`/unsubscribe?token=${token}`),
    }
  }

  /** Mails each new notification at once to those who want its kind that way. */
  async function mailAtOnce(
    trx: Db,
    created: readonly { userId: string; notificationId: string; kind: string }[],
  ) {
    const byKind = new Map<NotificationKindName, typeof created>()
    for (const entry of created)
      if (isKind(entry.kind)) byKind.set(entry.kind, [...(byKind.get(entry.kind) ?? []), entry])
    for (const [kind, entries] of byKind) {
      const recipients = new Map(
        (
          await mailable(
            trx,
            entries.map((e) => e.userId),
            kind,
          )
        ).map((u) => [u.id, u]),
      )
      const messages = []
      for (const entry of entries) {
        const user = recipients.get(entry.userId)
        if (!user || user.mode !== 'instant') continue
        const row = await inboxStore(trx).one(user.id, entry.notificationId)
        if (!row) continue
        const item = toNotificationItem(row)
        const language = mailLanguage(user.language)
        const sentence = sentenceOf(item, language)
        const stop = unsubscribe(user.id, kind)
        messages.push({
          userId: user.id,
          to: user.email,
          kind: `notification:${kind}`,
          headers: stop.headers,
          ...compose({
            language,
            subject: MAIL_TEXT[language].instantSubject(sentence),
            paragraphs: [sentence, ...(item.excerpt ? [`“${item.excerpt}”`] : [])],
            action: { label: MAIL_TEXT[language].open, url: url(item.target_url) },
            unsubscribeUrl: stop.page,
          }),
        })
      }
      await mailStore(trx).enqueue(messages)
    }
  }

  /**
   * One digest per user who wants some kinds `period`ly: their unread notifications of those kinds
   * from `from` to `to`, grouped by kind, with links.
   */
  async function queueDigests(trx: Db, period: 'daily' | 'weekly', from: Date, to: Date) {
    const { rows } = await sql<{ user_id: string; id: string; kind: NotificationKindName }>`
      select n.user_id, n.id::text as id, n.kind
      from notifications n
      join users u on u.id = n.user_id
      left join notification_mail nm on nm.user_id = n.user_id and nm.kind = n.kind
      where n.read_at is null and n.updated_at >= ${from} and n.updated_at < ${to}
        and u.email <> '' and u.email_verified_at is not null and u.email_bounced_at is null
        and coalesce(nm.mode, ${sql.raw(defaultModeCase('n.kind'))}) = ${period}
      order by n.user_id, n.kind, n.updated_at desc
    `.execute(trx)
    const byUser = new Map<string, typeof rows>()
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row])
    let queued = 0
    for (const [userId, entries] of byUser) {
      const user = await trx
        .selectFrom('users')
        .select(['email', 'language'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      const language: MailLanguage = mailLanguage(user.language)
      const text = MAIL_TEXT[language]
      const sections = new Map<string, { text: string; url: string }[]>()
      for (const entry of entries) {
        const row = await inboxStore(trx).one(userId, entry.id)
        if (!row) continue
        const item = toNotificationItem(row)
        const heading = text.kindHeading[entry.kind]
        sections.set(heading, [
          ...(sections.get(heading) ?? []),
          { text: sentenceOf(item, language), url: url(item.target_url) },
        ])
      }
      const count = [...sections.values()].reduce((sum, items) => sum + items.length, 0)
      if (count === 0) continue
      const stop = unsubscribe(userId, period === 'daily' ? 'digest_daily' : 'digest_weekly')
      await mailStore(trx).enqueue([
        {
          userId,
          to: user.email,
          kind: `digest:${period}`,
          headers: stop.headers,
          ...compose({
            language,
            subject: text.digestSubject(period, count),
            paragraphs: [text.digestIntro(period)],
            sections: [...sections].map(([heading, items]) => ({ heading, items })),
            action: { label: text.open, url: url('/notifications') },
            unsubscribeUrl: stop.page,
          }),
        },
      ])
      await trx.updateTable('users').set({ digest_sent_at: new Date() }).where('id', '=', userId).execute()
      queued += 1
    }
    return queued
  }

  return { mailAtOnce, queueDigests, tokens }
}

/** `case kind when 'reply' then 'instant' … end`: the default modes, for a query's coalesce. */
function defaultModeCase(column: string) {
  const whens = Object.entries(DEFAULT_MAIL_MODES)
    .map(([kind, mode]) => `when '${kind}' then '${mode}'`)
    .join(' ')
  return `case ${column} ${whens} else 'off' end`
}

/** Every new notification is considered for mail in the transaction that wrote it. */
export function subscribeNotificationMail(events: EventBus, config: MailConfig, secret: string) {
  const mail = notificationMail(config, secret)
  events.inTransaction('notification.created', (trx, created) => mail.mailAtOnce(trx, created))
}
