import type { AppContext, AppInstance } from '../../context'
import { serve } from '../../http/serve'
import { requireAdmin } from '../../http/standing'
import { mailStore } from './mail.store'

/** The administrators' view of the mail outbox: what failed (and why), what waits, what went. */
export async function mailRoutes(app: AppInstance, ctx: AppContext) {
  serve(app, 'GET /mail/outbox', async (request) => {
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
  })
}
