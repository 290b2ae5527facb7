import { sql } from 'kysely'
import type { TrustConfig } from '../config'
import type { Db } from '../db/index'

export type Trust = 'new' | 'member'

export const HOUR = 3600_000

/** What trust is decided from: the account's age and a moderator's setting. */
export interface TrustSubject {
  id: string
  created_at: Date
  trust_override: Trust | null
}

/** What trust is counted from: contributions no moderator hid or removed, and recent moderations. */
export interface Standing {
  good: number
  strikes: number
}

/**
 * How far a user is trusted. A moderator's setting wins; otherwise an account is a member once it
 * is `newAccountHours` old, has `minContributions` posts and comments no moderator hid or removed,
 * and nothing of it was moderated in the last 30 days.
 */
export async function trustOf(
  db: Db,
  config: TrustConfig,
  user: TrustSubject,
  now = new Date(),
): Promise<Trust> {
  if (user.trust_override || tooNew(config, user, now)) return decided(config, user, null, now)
  const standing = await db
    .selectNoFrom(standingOf(user.id, config.minContributions, now))
    .executeTakeFirstOrThrow()
  return decided(config, user, standing, now)
}

export function tooNew(config: TrustConfig, user: TrustSubject, now: Date) {
  return now.getTime() - user.created_at.getTime() < config.newAccountHours * HOUR
}

/** `trustOf`, from the user's standing (needed only without a moderator's setting, once the account is old enough). */
export function decided(
  config: TrustConfig,
  user: TrustSubject,
  standing: Standing | null,
  now: Date,
): Trust {
  if (user.trust_override) return user.trust_override
  if (tooNew(config, user, now) || !standing) return 'new'
  return standing.good >= config.minContributions && standing.strikes === 0 ? 'member' : 'new'
}

/** The columns of `userId`'s `Standing`, for a statement of its own or one about the user. */
export function standingOf(userId: string, need: number, now: Date) {
  const since = new Date(now.getTime() - 30 * 24 * HOUR)
  return [
    sql<number>`(select count(*)::int from (
      (select 1 from posts where user_id = ${userId} and moderation is null limit ${need})
      union all
      (select 1 from comments where user_id = ${userId} and moderation is null and deleted_at is null limit ${need})
    ) g)`.as('good'),
    sql<number>`(select count(*)::int from (
      (select 1 from posts where user_id = ${userId} and moderated_at > ${since} limit 1)
      union all
      (select 1 from comments where user_id = ${userId} and moderated_at > ${since} limit 1)
    ) s)`.as('strikes'),
  ]
}

/** Links in a text: Markdown links and bare addresses, each counted once. */
export function linksIn(text: string): number {
  return new Set(text.match(/\bhttps?:\/\/[^\s)<>\]]+|\bwww\.[^\s)<>\]]+/gi) ?? []).size
}

/** A new account's allowance of posts (a day) or comments (an hour). */
/** What a new account's allowance counts: its posts a day, or its comments (and reviews) an hour. */
export type AllowanceKind = 'post' | 'comment' | 'review'

/** Where each kind's writings are, and the column naming their author. */
const WRITTEN: Record<AllowanceKind, [string, string]> = {
  post: ['posts', 'user_id'],
  comment: ['comments', 'user_id'],
  review: ['reviews', 'reviewer_id'],
}

export function allowanceOf(config: TrustConfig, kind: AllowanceKind) {
  return kind === 'post'
    ? { limit: config.newPostsPerDay, windowMs: 24 * HOUR }
    : { limit: config.newCommentsPerHour, windowMs: HOUR }
}

/**
 * What is left of a new account's allowance: how many more it may write now, and when the next
 * one frees up (null while some are left). Counted from the rows already written.
 */
export async function allowanceLeft(
  db: Db,
  config: TrustConfig,
  kind: AllowanceKind,
  userId: string,
  now: Date,
): Promise<{ limit: number; left: number; again: Date | null }> {
  const { limit, windowMs } = allowanceOf(config, kind)
  const since = new Date(now.getTime() - windowMs)
  const [table, author] = WRITTEN[kind]
  const { rows } = await sql<{ created_at: Date }>`
    select created_at from ${sql.table(table)}
    where ${sql.ref(author)} = ${userId} and created_at > ${since}
    order by created_at desc limit ${limit}`.execute(db)
  const left = Math.max(0, limit - rows.length)
  const again = left === 0 && limit > 0 ? new Date(rows[limit - 1].created_at.getTime() + windowMs) : null
  return { limit, left, again }
}

/** What a user may still post today: a new account's limit and what is left of it; no limit for a member. */
export async function postingAllowance(db: Db, config: TrustConfig, userId: string, now = new Date()) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'created_at', 'trust_override'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const trust = await trustOf(db, config, user, now)
  if (trust === 'member') return { trust, posts_per_day: null, posts_left: null, posts_again_at: null }
  const { limit, left, again } = await allowanceLeft(db, config, 'post', userId, now)
  return { trust, posts_per_day: limit, posts_left: left, posts_again_at: again?.toISOString() ?? null }
}
