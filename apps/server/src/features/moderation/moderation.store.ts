import type { ModeratedKind, TargetType } from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { ModerationColumn } from '../../db/schema'

import { targetOf } from './moderation.targets'

export type { ModeratedKind, TargetType }

/** The table each moderated kind lives in. */
const TABLE = { post: 'posts', comment: 'comments', review: 'reviews' } as const satisfies Record<
  ModeratedKind,
  string
>

export type { TargetRow } from './moderation.targets'

import type { TargetRow } from './moderation.targets'

export interface OpenReportRow {
  id: string
  target_type: TargetType
  target_id: string
  reason: string
  note: string
  reporter_id: string
  reporter: string
  created_at: Date
}

export interface LogRow {
  id: string
  action: string
  target_type: TargetType
  target_id: string
  target_label: string
  reason: string
  detail: string
  created_at: Date
  moderator: string | null
}

/** A post's, comment's or review's moderation columns. */
const MODERATED = ['moderation', 'moderation_reason', 'moderated_at', 'review_requested_at'] as const
/** What moderators see of a user's standing. */
const STANDING = [
  'id',
  'username',
  'role',
  'suspended_until',
  'suspension_reason',
  'trust_override',
  'created_at',
] as const

export function moderationStore(db: Db) {
  return {
    /** The post, comment, review or user a report names, with its author; undefined when there is none. */
    target: (type: TargetType, id: string) => targetOf(db, type, id),

    insertReport(report: {
      reporterId: string
      targetType: TargetType
      targetId: string
      targetUserId: string
      reason: string
      note: string
    }) {
      const id = uuidv7()
      return db
        .insertInto('reports')
        .values({
          id,
          reporter_id: report.reporterId,
          target_type: report.targetType,
          target_id: report.targetId,
          target_user_id: report.targetUserId,
          reason: report.reason,
          note: report.note,
        })
        .returning(['id', 'target_type', 'target_id', 'reason', 'note', 'status', 'created_at'])
        .executeTakeFirstOrThrow()
    },

    findReport(id: string) {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /**
     * One page of the queue: targets with open reports or a review their author asked for, most
     * reported first, then the longest waiting. Keyset over (count desc, first report, type, id).
     */
    async queuePage(
      filter: { targetType?: TargetType; reason?: string },
      after: { count: number; first: string; key: string } | null,
      limit: number,
    ) {
      const { rows } = await sql<{ target_type: TargetType; target_id: string; count: number; first: Date }>`
        with open_targets as (
          select target_type, target_id, count(*)::int as count, min(created_at) as first
          from reports where status = 'open'
          group by target_type, target_id
          ${filter.reason ? sql`having bool_or(reason = ${filter.reason})` : sql``}
          ${
            filter.reason
              ? sql``
              : sql`
          union all
          select 'post', id, 0, review_requested_at from posts
          where review_requested_at is not null and moderation is not null
            and not exists (select 1 from reports r where r.status = 'open' and r.target_type = 'post' and r.target_id = posts.id)
          union all
          select 'comment', id, 0, review_requested_at from comments
          where review_requested_at is not null and moderation is not null
            and not exists (select 1 from reports r where r.status = 'open' and r.target_type = 'comment' and r.target_id = comments.id)
          union all
          select 'review', id, 0, review_requested_at from reviews
          where review_requested_at is not null and moderation is not null
            and not exists (select 1 from reports r where r.status = 'open' and r.target_type = 'review' and r.target_id = reviews.id)`
          }
        )
        select target_type, target_id, count, first from open_targets
        where true
          ${filter.targetType ? sql`and target_type = ${filter.targetType}` : sql``}
          ${
            after
              ? sql`and (-count, first, target_type || ':' || target_id) > (${-after.count}, ${after.first}::timestamptz, ${after.key})`
              : sql``
          }
        order by count desc, first, target_type || ':' || target_id
        limit ${limit + 1}
      `.execute(db)
      return rows
    },

    async openGroups(): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select (
          (select count(*) from (select 1 from reports where status = 'open' group by target_type, target_id) g)
          + (select count(*) from posts where review_requested_at is not null and moderation is not null)
          + (select count(*) from comments where review_requested_at is not null and moderation is not null)
          + (select count(*) from reviews where review_requested_at is not null and moderation is not null)
        )::int as n`.execute(db)
      return rows[0].n
    },

    openReportsOf(targets: { type: TargetType; id: string }[]): Promise<OpenReportRow[]> {
      if (targets.length === 0) return Promise.resolve([])
      return db
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .select([
          'reports.id',
          'reports.target_type',
          'reports.target_id',
          'reports.reason',
          'reports.note',
          'reports.reporter_id',
          'users.username as reporter',
          'reports.created_at',
        ])
        .where('reports.status', '=', sql.lit('open'))
        .where((eb) =>
          eb.or(
            targets.map((t) =>
              eb.and([eb('reports.target_type', '=', t.type), eb('reports.target_id', '=', t.id)]),
            ),
          ),
        )
        .orderBy('reports.created_at')
        .execute()
    },

    /** Closes every open report of a target; answers how many. */
    async resolveTarget(type: TargetType, id: string, status: 'dismissed' | 'actioned', moderatorId: string) {
      const result = await db
        .updateTable('reports')
        .set({ status, resolved_by: moderatorId, resolved_at: new Date() })
        .where('target_type', '=', type)
        .where('target_id', '=', id)
        .where('status', '=', sql.lit('open'))
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Sets a post's, comment's or review's moderation; answers the row as it is now. */
    async setModeration(kind: ModeratedKind, id: string, state: ModerationColumn | null, reason: string) {
      return db
        .updateTable(TABLE[kind])
        .set({
          moderation: state,
          moderation_reason: state ? reason : '',
          moderated_at: state ? new Date() : null,
          review_requested_at: null,
        })
        .where('id', '=', id)
        .returning(MODERATED)
        .executeTakeFirstOrThrow()
    },

    /** The content row with its author (a review's reviewer), held against a concurrent moderation. */
    async lockContent(kind: ModeratedKind, id: string) {
      const author = kind === 'review' ? 'reviewer_id' : 'user_id'
      const { rows } = await sql<
        { id: string; user_id: string } & Pick<TargetRow, (typeof MODERATED)[number]>
      >`
        select id, ${sql.ref(author)} as user_id, ${sql.join(MODERATED.map((column) => sql.ref(column)))}
        from ${sql.table(TABLE[kind])} where id = ${id} for no key update`.execute(db)
      return rows[0]
    },

    async requestReview(kind: ModeratedKind, id: string) {
      return db
        .updateTable(TABLE[kind])
        .set({ review_requested_at: new Date() })
        .where('id', '=', id)
        .returning(MODERATED)
        .executeTakeFirstOrThrow()
    },

    findUser(id: string) {
      return db.selectFrom('users').select(STANDING).where('id', '=', id).executeTakeFirst()
    },

    usersWhere(filter: { role?: string; q?: string }) {
      let query = db.selectFrom('users').select(STANDING)
      if (filter.role) query = query.where('role', '=', filter.role as 'user')
      if (filter.q)
        query = query.where(
          sql`lower(username)`,
          'like',
          `${filter.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`,
        )
      return query.orderBy('username').limit(50).execute()
    },

    updateUser(
      id: string,
      patch: Partial<{
        role: 'user' | 'moderator' | 'admin'
        suspended_until: Date | null
        suspension_reason: string
        trust_override: 'new' | 'member' | null
      }>,
    ) {
      return db
        .updateTable('users')
        .set(patch)
        .where('id', '=', id)
        .returning(STANDING)
        .executeTakeFirstOrThrow()
    },

    log(entry: {
      moderatorId: string | null
      action: string
      targetType: TargetType
      targetId: string
      targetLabel: string
      reason: string
      detail?: string
    }) {
      return db
        .insertInto('mod_log')
        .values({
          id: uuidv7(),
          moderator_id: entry.moderatorId,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          target_label: entry.targetLabel,
          reason: entry.reason,
          detail: entry.detail ?? '',
        })
        .execute()
    },

    logPage(after: { at: string; id: string } | null, limit: number): Promise<LogRow[]> {
      let query = db
        .selectFrom('mod_log')
        .leftJoin('users', 'users.id', 'mod_log.moderator_id')
        .select([
          'mod_log.id',
          'mod_log.action',
          'mod_log.target_type',
          'mod_log.target_id',
          'mod_log.target_label',
          'mod_log.reason',
          'mod_log.detail',
          'mod_log.created_at',
          'users.username as moderator',
        ])
      if (after) {
        query = query.where(
          sql<boolean>`(mod_log.created_at, mod_log.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
        )
      }
      return query
        .orderBy('mod_log.created_at', 'desc')
        .orderBy('mod_log.id', 'desc')
        .limit(limit + 1)
        .execute()
    },
  }
}
export type ModerationStore = ReturnType<typeof moderationStore>
