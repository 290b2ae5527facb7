import type { TargetType } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { ModerationColumn } from '../../db/schema'

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

const EXCERPT = 300

/** The post, comment, review or user a report names, with its author; undefined when there is none. */
export async function targetOf(db: Db, type: TargetType, id: string): Promise<TargetRow | undefined> {
  const queries: Record<TargetType, () => ReturnType<typeof sql<TargetRow>>> = {
    post: () => sql<TargetRow>`
      select 'post' as type, p.id, p.title, left(p.content, ${EXCERPT}) as excerpt, p.user_id as author_id,
        u.username as author_name, p.id as post_id, p.moderation, p.moderation_reason, p.moderated_at,
        p.review_requested_at, null::timestamptz as suspended_until
      from posts p join users u on u.id = p.user_id where p.id = ${id}`,
    comment: () => sql<TargetRow>`
      select 'comment' as type, c.id, p.title, left(c.content, ${EXCERPT}) as excerpt, c.user_id as author_id,
        u.username as author_name, c.post_id, c.moderation, c.moderation_reason, c.moderated_at,
        c.review_requested_at, null::timestamptz as suspended_until
      from comments c join posts p on p.id = c.post_id join users u on u.id = c.user_id
      where c.id = ${id} and c.deleted_at is null`,
    // A withdrawn review is a placeholder with nothing left to judge.
    review: () => sql<TargetRow>`
      select 'review' as type, r.id, p.title, left(r.summary, ${EXCERPT}) as excerpt, r.reviewer_id as author_id,
        u.username as author_name, r.post_id, r.moderation, r.moderation_reason, r.moderated_at,
        r.review_requested_at, null::timestamptz as suspended_until
      from reviews r join posts p on p.id = r.post_id join users u on u.id = r.reviewer_id
      where r.id = ${id} and r.withdrawn_at is null`,
    user: () => sql<TargetRow>`
      select 'user' as type, u.id, u.username as title, left(u.bio, ${EXCERPT}) as excerpt, u.id as author_id,
        u.username as author_name, null::uuid as post_id, null as moderation, '' as moderation_reason,
        null::timestamptz as moderated_at, null::timestamptz as review_requested_at, u.suspended_until
      from users u where u.id = ${id}`,
  }
  const { rows } = await queries[type]().execute(db)
  return rows[0]
}
