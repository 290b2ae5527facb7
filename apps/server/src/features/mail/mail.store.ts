import { type Selectable, sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { MailOutboxTable, MailStatus } from '../../db/schema'
import type { ComposedMail } from './mail.compose'

/** A message to queue: to whom, what kind (for the log and the admins' list), and what it says. */
export interface OutgoingMail extends ComposedMail {
  userId: string | null
  to: string
  kind: string
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string>
}

/** A queued message as a sending attempt reads it. */
export type QueuedMail = Pick<
  Selectable<MailOutboxTable>,
  'id' | 'user_id' | 'to_address' | 'kind' | 'subject' | 'text_body' | 'html_body' | 'headers' | 'attempts'
>

export function mailStore(db: Db) {
  return {
    /** Queues messages in the caller's transaction: they go out only if it commits. */
    async enqueue(messages: readonly OutgoingMail[]) {
      if (messages.length === 0) return []
      const rows = messages.map((m) => ({
        id: uuidv7(),
        user_id: m.userId,
        to_address: m.to,
        kind: m.kind,
        subject: m.subject,
        text_body: m.text,
        html_body: m.html,
        headers: JSON.stringify(m.headers ?? {}),
      }))
      await db.insertInto('mail_outbox').values(rows).execute()
      return rows.map((row) => row.id)
    },

    /** Takes the oldest due message for `leaseSeconds`; one process at a time gets each. */
    async claim(leaseSeconds: number): Promise<QueuedMail | null> {
      const { rows } = await sql<QueuedMail>`
        update mail_outbox set attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseSeconds}),
          run_after = now() + make_interval(secs => ${leaseSeconds})
        where id = (
          select id from mail_outbox
          where status = 'pending' and run_after <= now()
          order by run_after, id
          limit 1
          for update skip locked
        )
        returning id, user_id, to_address, kind, subject, text_body, html_body, headers, attempts
      `.execute(db)
      return rows[0] ?? null
    },

    async sent(id: string) {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: new Date(), lease_until: null, last_error: null })
        .where('id', '=', id)
        .execute()
    },

    /** A failed attempt: tried again after `retryInSeconds`, or (null) failed for good. */
    async failed(id: string, retryInSeconds: number | null, error: string) {
      await db
        .updateTable('mail_outbox')
        .set({
          status: retryInSeconds === null ? 'failed' : 'pending',
          run_after: sql<Date>`now() + make_interval(secs => ${retryInSeconds ?? 0})`,
          lease_until: null,
          last_error: error.slice(0, 1000),
        })
        .where('id', '=', id)
        .execute()
    },

    /** The address bounced for good: nothing more is mailed to it until the user changes it. */
    async markBounced(userId: string, address: string) {
      await db
        .updateTable('users')
        .set({ email_bounced_at: new Date() })
        .where('id', '=', userId)
        .where(sql<string>`lower(email)`, '=', address.toLowerCase())
        .execute()
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', last_error: 'The address bounced earlier; not sent' })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
        .execute()
    },

    /** Messages by status, newest first (the admins' view of failures). */
    list(status: MailStatus, limit: number) {
      return db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'user_id',
          'to_address',
          'kind',
          'subject',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
        ])
        .where('status', '=', status)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()
    },
  }
}
