import type { ModQueueQuery, ModQueueResponse, ReportRequest, ReportResponse } from '@agora/contract'
import type { ErrorCodeOf } from '@agora/contract/errors'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors'
import { readPostAccess, visibleOr404 } from '../../policy/index'
import { decodeCursor, encodeCursor, isQueueCursor } from './moderation.cursors'
import { toQueueItem } from './moderation.presenters'
import { moderationStore, type TargetType } from './moderation.store'

export const NOT_FOUND = {
  post: 'post_not_found',
  comment: 'comment_not_found',
  user: 'user_not_found',
  review: 'review_not_found',
} as const satisfies Record<TargetType, ErrorCodeOf<404>>

/** Reports: anyone signed in files them; moderators read them as a queue grouped by target. */
export function reportsService(db: Db, events: EventBus) {
  const store = moderationStore(db)
  return {
    /** Anyone signed in reports a post, a comment or a user they can see; once while it is open. */
    async report(reporterId: string, request: ReportRequest): Promise<ReportResponse> {
      const type = request.target_type
      const target = isId(request.target_id) ? await store.target(type, request.target_id) : undefined
      if (!target) throw new NotFoundError(NOT_FOUND[type])
      if (target.post_id) {
        // Only what the reporter can see can be reported: not someone's private or moderated post.
        visibleOr404(await readPostAccess(db, target.post_id), reporterId, NOT_FOUND[type])
        if (target.moderation !== null && target.author_id !== reporterId)
          throw new NotFoundError(NOT_FOUND[type])
      }
      if (target.author_id === reporterId) throw new BadRequestError('cannot_report_self')
      return inTransaction(db, async (trx) => {
        const tx = moderationStore(trx)
        const open = await tx.openReportsOf([{ type, id: target.id }])
        if (open.some((report) => report.reporter_id === reporterId))
          throw new ConflictError('already_reported')
        const row = await tx.insertReport({
          reporterId,
          targetType: type,
          targetId: target.id,
          targetUserId: target.author_id,
          reason: request.reason,
          note: (request.note ?? '').trim(),
        })
        await events.raise(trx, 'report', [
          { reportId: row.id, reporterId, targetType: type, targetId: target.id },
        ])
        return { ...row, reason: request.reason, created_at: row.created_at.toISOString() }
      })
    },

    async queue(query: ModQueueQuery): Promise<ModQueueResponse> {
      const limit = query.limit ?? 20
      const after = decodeCursor(query.cursor, isQueueCursor)
      const rows = await store.queuePage(
        { targetType: query.target_type, reason: query.reason },
        after,
        limit,
      )
      const page = rows.slice(0, limit)
      const targets = page.map((row) => ({ type: row.target_type, id: row.target_id }))
      const reports = await store.openReportsOf(targets)
      const items = []
      for (const row of page) {
        const target = await store.target(row.target_type, row.target_id)
        if (!target) continue
        const own = reports.filter((r) => r.target_type === row.target_type && r.target_id === row.target_id)
        items.push(toQueueItem(target, own))
      }
      const last = page.at(-1)
      return {
        items,
        next_cursor:
          rows.length > limit && last
            ? encodeCursor({
                count: last.count,
                first: last.first.toISOString(),
                key: `${last.target_type}:${last.target_id}`,
              })
            : null,
        open: await store.openGroups(),
      }
    },
  }
}
