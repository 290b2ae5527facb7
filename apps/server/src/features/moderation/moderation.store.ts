import type { ContentKind, TargetType } from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { ModerationColumn } from '../../db/schema'

export type { ContentKind, TargetType }

/** A reported or moderated thing with what the queue shows of it. */
export interface TargetRow {
  type: TargetType
  id: string
  title: string
  excerpt: string
  author_id: string
  author_name: string
  post_id: string | null
  moderation: ModerationColumn | null
  moderation_reason: string
  moderated_at: Date | null
  review_requested_at: Date | null
  suspended_until: Date | null
}

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

const EXCERPT = 300
/** A post's or comment's moderation columns. */
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
    /** The post, comment or user a report names, with its author; undefined when there is none. */
    async target(type: TargetType, id: string): Promise<TargetRow | undefined> {
      const { rows } = await (type === 'post'
        ? sql<TargetRow>`
            select 'post' as type, p.id, p.title, left(p.content, ${EXCERPT}) as excerpt, p.user_id as author_id,
              u.username as author_name, p.id as post_id, p.moderation, p.moderation_reason, p.moderated_at,
              p.review_requested_at, null::timestamptz as suspended_until
            from posts p join users u on u.id = p.user_id where p.id = ${id}`
        : type === 'comment'
          ? sql<TargetRow>`
            select 'comment' as type, c.id, p.title, left(c.content, ${EXCERPT}) as excerpt, c.user_id as author_id,
              u.username as author_name, c.post_id, c.moderation, c.moderation_reason, c.moderated_at,
              c.review_requested_at, null::timestamptz as suspended_until
            from comments c join posts p on p.id = c.post_id join users u on u.id = c.user_id
            where c.id = ${id} and c.deleted_at is null`
          : sql<TargetRow>`
            select 'user' as type, u.id, u.username as title, left(u.bio, ${EXCERPT}) as excerpt, u.id as author_id,
              u.username as author_name, null::uuid as post_id, null as moderation, '' as moderation_reason,
              null::timestamptz as moderated_at, null::timestamptz as review_requested_at, u.suspended_until
            from users u where u.id = ${id}`
      ).execute(db)
      return rows[0]
    },

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
            and not exists (select 1 from reports r where r.status = 'open' and r.target_type = 'comment' and r.target_id = comments.id)`
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

    /** Sets a post's or comment's moderation; answers the row as it is now. */
    async setModeration(kind: ContentKind, id: string, state: ModerationColumn | null, reason: string) {
      const table = kind === 'post' ? 'posts' : 'comments'
      return db
        .updateTable(table)
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

    async lockContent(kind: ContentKind, id: string) {
      const table = kind === 'post' ? 'posts' : 'comments'
      return db
        .selectFrom(table)
        .select(['id', 'user_id', ...MODERATED])
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst()
    },

    async requestReview(kind: ContentKind, id: string) {
      const table = kind === 'post' ? 'posts' : 'comments'
      return db
        .updateTable(table)
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
