import type {
  ModActionResponse,
  ModLogResponse,
  ModUserResponse,
  ResolveReportRequest,
  TrustRequest,
} from '@agora/contract'
import type { TrustConfig } from '../../config'
import { isId } from '../../db/ids'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import { moderationState, VISIBLE } from '../../db/moderation-state'
import type { EventBus } from '../../events/index'
import type { Viewer } from '../../http/auth'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors'
import { trustOf } from '../../policy/index'
import { decodeCursor, encodeCursor, isLogCursor } from './moderation.cursors'
import { type StandingRow, toLogEntry, toModUser } from './moderation.presenters'
import { NOT_FOUND, reportsService } from './moderation.reports'
import { type ModeratedKind, moderationStore } from './moderation.store'

type Action = 'hide' | 'remove' | 'restore'
const STATE_OF: Record<Exclude<Action, 'restore'>, 'hidden' | 'removed'> = {
  hide: 'hidden',
  remove: 'removed',
}

/**
 * Moderation: reports and the queue, hiding, removing and restoring content, suspending
 * users, roles and trust, and the public log. Every moderator's act is logged with its reason in
 * the transaction that makes it.
 */
export function moderationService(db: Db, events: EventBus, trust: TrustConfig) {
  const store = moderationStore(db)

  async function standing(user: StandingRow & { created_at: Date }): Promise<ModUserResponse> {
    return toModUser(user, await trustOf(db, trust, user))
  }

  async function userOr404(id: string) {
    const user = isId(id) ? await store.findUser(id) : undefined
    if (!user) throw new NotFoundError('user_not_found')
    return user
  }

  /** Hides, removes or restores a post, a comment or a review; the reports on it are settled with it. */
  async function act(moderator: Viewer, kind: ModeratedKind, id: string, action: Action, reason: string) {
    return inTransaction(db, async (trx) => {
      const tx = moderationStore(trx)
      const content = isId(id) ? await tx.lockContent(kind, id) : undefined
      if (!content) throw new NotFoundError(NOT_FOUND[kind])
      const next = action === 'restore' ? null : STATE_OF[action]
      if (content.moderation === next) {
        throw next === null
          ? new ConflictError('not_moderated', { detail: `This ${kind} is not hidden or removed` })
          : new ConflictError('already_moderated', { detail: `This ${kind} is already ${next}` })
      }
      const row = await tx.setModeration(kind, id, next, reason)
      const target = await tx.target(kind, id)
      await tx.resolveTarget(kind, id, 'actioned', moderator.userId)
      await tx.log({
        moderatorId: moderator.userId,
        action,
        targetType: kind,
        targetId: id,
        targetLabel: target?.title ?? '',
        reason,
      })
      await events.raise(trx, 'content.moderated', [
        {
          kind,
          id,
          postId: target?.post_id ?? id,
          authorId: content.user_id,
          moderatorId: moderator.userId,
          action,
          previous: content.moderation,
          reason,
        },
      ])
      return moderationState(row, true) ?? VISIBLE
    })
  }

  async function suspend(moderator: Viewer, userId: string, until: Date, reason: string) {
    if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      throw new BadRequestError('suspension_in_past', {
        errors: [{ field: 'until', message: 'must be a date and time in the future' }],
      })
    }
    const user = await userOr404(userId)
    if (user.id === moderator.userId) throw new ForbiddenError('cannot_suspend_self')
    if (user.role === 'admin' || (user.role === 'moderator' && moderator.role !== 'admin')) {
      throw new ForbiddenError('cannot_suspend_staff')
    }
    return inTransaction(db, async (trx) => {
      const tx = moderationStore(trx)
      const updated = await tx.updateUser(user.id, { suspended_until: until, suspension_reason: reason })
      await tx.log({
        moderatorId: moderator.userId,
        action: 'suspend',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.username,
        reason,
        detail: until.toISOString(),
      })
      await events.raise(trx, 'user.suspended', [
        { userId: user.id, moderatorId: moderator.userId, until: until.toISOString(), reason },
      ])
      return updated
    })
  }

  return {
    ...reportsService(db, events),

    /** Settles every open report of the report's target with one decision. */
    async resolve(moderator: Viewer, reportId: string, decision: ResolveReportRequest) {
      const report = isId(reportId) ? await store.findReport(reportId) : undefined
      if (!report) throw new NotFoundError('report_not_found')
      if (report.status !== 'open') throw new ConflictError('report_resolved')
      const reason = decision.reason.trim()
      const { target_type: type, target_id: id } = report
      if (decision.action === 'dismiss') {
        return inTransaction(db, async (trx) => {
          const tx = moderationStore(trx)
          const resolved = await tx.resolveTarget(type, id, 'dismissed', moderator.userId)
          await tx.log({
            moderatorId: moderator.userId,
            action: 'dismiss',
            targetType: type,
            targetId: id,
            targetLabel: (await tx.target(type, id))?.title ?? '',
            reason,
          })
          return { resolved }
        })
      }
      if (decision.action === 'suspend') {
        if (!decision.until) {
          throw new BadRequestError('suspension_needs_end', {
            errors: [{ field: 'until', message: 'is required to suspend' }],
          })
        }
        return inTransaction(db, async (trx) => {
          await moderationService(trx, events, trust).suspendUser(
            moderator,
            report.target_user_id,
            decision.until!,
            reason,
          )
          return {
            resolved: await moderationStore(trx).resolveTarget(type, id, 'actioned', moderator.userId),
          }
        })
      }
      if (type === 'user') throw new BadRequestError('user_not_moderatable')
      const open = (await store.openReportsOf([{ type, id }])).length
      await act(moderator, type, id, decision.action, reason)
      return { resolved: open }
    },

    act: (moderator: Viewer, kind: ModeratedKind, id: string, action: Action, reason: string) =>
      act(moderator, kind, id, action, reason.trim()),

    /** The author of hidden or removed content asks the moderators to look again. */
    async requestReview(
      authorId: string,
      kind: ModeratedKind,
      id: string,
      note: string,
    ): Promise<ModActionResponse> {
      return inTransaction(db, async (trx) => {
        const tx = moderationStore(trx)
        const content = isId(id) ? await tx.lockContent(kind, id) : undefined
        if (!content || content.user_id !== authorId) throw new NotFoundError(NOT_FOUND[kind])
        if (content.moderation === null)
          throw new ConflictError('not_moderated', { detail: `This ${kind} is not hidden or removed` })
        if (content.review_requested_at) throw new ConflictError('review_already_asked')
        const row = await tx.requestReview(kind, id)
        await tx.log({
          moderatorId: null,
          action: 'review_requested',
          targetType: kind,
          targetId: id,
          targetLabel: (await tx.target(kind, id))?.title ?? '',
          reason: note.trim(),
        })
        return moderationState(row, true) ?? VISIBLE
      })
    },

    async suspendUser(
      moderator: Viewer,
      userId: string,
      until: string,
      reason: string,
    ): Promise<ModUserResponse> {
      return standing(await suspend(moderator, userId, new Date(until), reason.trim()))
    },

    async unsuspend(moderator: Viewer, userId: string, reason: string): Promise<ModUserResponse> {
      const user = await userOr404(userId)
      if (!user.suspended_until || user.suspended_until.getTime() <= Date.now()) {
        throw new ConflictError('not_suspended', { params: { username: user.username } })
      }
      return inTransaction(db, async (trx) => {
        const tx = moderationStore(trx)
        const updated = await tx.updateUser(user.id, { suspended_until: null, suspension_reason: '' })
        await tx.log({
          moderatorId: moderator.userId,
          action: 'unsuspend',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
          reason: reason.trim(),
        })
        await events.raise(trx, 'user.suspended', [
          { userId: user.id, moderatorId: moderator.userId, until: null, reason: reason.trim() },
        ])
        return updated
      }).then(standing)
    },

    /** Grants or revokes moderator (admins only; an admin's own role changes from the command line). */
    async setRole(admin: Viewer | null, userId: string, role: 'user' | 'moderator' | 'admin', reason = '') {
      const user = await userOr404(userId)
      if (admin && user.role === 'admin') {
        throw new ForbiddenError('admin_role_fixed')
      }
      if (user.role === role) return standing(user)
      return inTransaction(db, async (trx) => {
        const tx = moderationStore(trx)
        const updated = await tx.updateUser(user.id, { role })
        await tx.log({
          moderatorId: admin?.userId ?? null,
          action: role === 'user' ? 'revoke' : 'grant',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
          reason: reason.trim() || (admin ? '' : 'from the command line'),
          detail: role === 'user' ? user.role : role,
        })
        return updated
      }).then(standing)
    },

    async setTrust(moderator: Viewer, userId: string, request: TrustRequest): Promise<ModUserResponse> {
      const user = await userOr404(userId)
      return inTransaction(db, async (trx) => {
        const tx = moderationStore(trx)
        const updated = await tx.updateUser(user.id, {
          trust_override: request.level === 'auto' ? null : request.level,
        })
        await tx.log({
          moderatorId: moderator.userId,
          action: 'trust',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.username,
          reason: request.reason.trim(),
          detail: request.level,
        })
        return updated
      }).then(standing)
    },

    async user(userId: string): Promise<ModUserResponse> {
      return standing(await userOr404(userId))
    },

    async users(filter: { role?: string; q?: string }) {
      const rows = await store.usersWhere(filter)
      return { items: await Promise.all(rows.map(standing)) }
    },

    async log(viewer: Viewer | null, query: { cursor?: string; limit?: number }): Promise<ModLogResponse> {
      const limit = query.limit ?? 20
      const rows = await store.logPage(decodeCursor(query.cursor, isLogCursor), limit)
      const page = rows.slice(0, limit)
      const forModerator = viewer?.role === 'moderator' || viewer?.role === 'admin'
      const last = page.at(-1)
      return {
        items: page.map((row) => toLogEntry(row, forModerator)),
        next_cursor:
          rows.length > limit && last
            ? encodeCursor({ at: last.created_at.toISOString(), id: last.id })
            : null,
      }
    },
  }
}
export type ModerationService = ReturnType<typeof moderationService>
