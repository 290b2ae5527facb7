import { MailOutboxItem } from '@agora/contract'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { failures } from '../../http/responses'
import { requireAdmin } from '../../http/standing'
import { mailStore } from './mail.store'

/** The administrators' view of the mail outbox: what failed (and why), what waits, what went. */
export async function mailRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Messages of the mail outbox by status, newest first (administrators only)',
        querystring: Type.Object({
          status: Type.Optional(
            Type.Union([Type.Literal('failed'), Type.Literal('pending'), Type.Literal('sent')]),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: { 200: Type.Object({ items: Type.Array(MailOutboxItem) }), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request)
      const rows = await mailStore(ctx.db).list(request.query.status ?? 'failed', request.query.limit ?? 50)
      return {
        items: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          kind: row.kind,
          subject: row.subject,
          attempts: row.attempts,
          last_error: row.last_error,
          created_at: row.created_at.toISOString(),
          sent_at: row.sent_at?.toISOString() ?? null,
        })),
      }
    },
  )
}
