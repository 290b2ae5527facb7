import type { PostListQuery } from '@agora/contract'
import { type RawBuilder, sql } from 'kysely'
import { isId } from '../../db/ids'
import { BadRequestError } from '../../http/errors'
import { reviewedSql } from '../reviews/index'
import { HOT_DECAY_SECONDS } from './posts.hot'
import { normaliseTags } from './posts.validation'

/** The forum list's filters as conditions (`listFilters`). */
export interface ListFilters {
  /** On the `posts` row. */
  conditions: RawBuilder<boolean>[]
  /**
   * The days' bounds of the hot score, on `post_hot_scores` (migration 0040): a list in the Hot
   * order adds them, so its page seeks in that table's index (see `MAX_ENGAGEMENT_LOG`).
   */
  hotBounds: RawBuilder<boolean>[]
}

/**
 * The forum list's filters: tag, author, a range of days, and reviewed works. Each is a condition on
 * the `posts` row that one of its indexes answers (tags: GIN, migration 0017; author:
 * posts_user_recent_idx; days: posts_recent_idx), so they combine with any order and cursor.
 * An author's posts are listed only when they show them (settings.public_posts) or to themselves.
 */
export function listFilters(
  query: Pick<PostListQuery, 'tag' | 'author' | 'author_username' | 'from' | 'to' | 'reviewed'>,
  viewerId: string | null,
): ListFilters {
  // A tag page: exact tag match through the tags index, not a text search.
  const tag = query.tag === undefined ? null : (normaliseTags(query.tag)[0] ?? null)
  const author = query.author?.trim() || null
  if (author !== null && !isId(author)) {
    throw new BadRequestError('filter_invalid', {
      detail: `Invalid author "${author}": pass a user id`,
      errors: [{ field: 'author', message: 'must be a user id' }],
    })
  }
  const authorName = query.author_username?.trim() || null
  const from = parseDay('from', query.from)
  const to = parseDay('to', query.to)
  if (from && to && from > to) {
    throw new BadRequestError('filter_invalid', {
      detail: `The dates are the wrong way round: from ${query.from} is after to ${query.to}`,
      errors: [{ field: 'from', message: 'must not be after to' }],
    })
  }
  const conditions: RawBuilder<boolean>[] = []
  const hotBounds: RawBuilder<boolean>[] = []
  if (tag) conditions.push(sql<boolean>`posts.tags @> array[${tag}]::text[]`)
  if (query.reviewed === 'true') conditions.push(reviewedSql('posts'))
  if (author) conditions.push(sql<boolean>`posts.user_id = ${author}::uuid`)
  if (authorName) {
    conditions.push(
      sql<boolean>`posts.user_id = (select u.id from users u where lower(u.username) = lower(${authorName}))`,
    )
  }
  if (author || authorName) {
    conditions.push(
      sql<boolean>`(posts.user_id = ${viewerId}::uuid or exists (select 1 from users u where u.id = posts.user_id and u.public_posts))`,
    )
  }
  if (from) {
    conditions.push(sql<boolean>`posts.created_at >= ${from.toISOString()}::timestamptz`)
    hotBounds.push(sql<boolean>`post_hot_scores.hot_score >= ${hotDays(from) - SLACK_DAYS}::float8`)
  }
  // `to` counts its whole day: before the start of the next one (after 9999-12-31, every post is).
  const end = to ? new Date(to.getTime() + DAY_MS) : null
  if (end && end.getUTCFullYear() <= 9999) {
    conditions.push(sql<boolean>`posts.created_at < ${end.toISOString()}::timestamptz`)
    hotBounds.push(
      sql<boolean>`post_hot_scores.hot_score < ${hotDays(end) + MAX_ENGAGEMENT_LOG + SLACK_DAYS}::float8`,
    )
  }
  return { conditions, hotBounds }
}

const DAY_MS = 86_400_000

/**
 * The days also bound the hot score (posts.hot.ts: log10 of the engagement plus the creation
 * time in days), which lets a Hot page of a range seek in post_hot_scores' index instead of
 * walking it from the top (18 ms for a day a month back in 100k posts). The engagement counters
 * are integers, so its log10 stays below 10; the slack covers rounding.
 */
const MAX_ENGAGEMENT_LOG = 10
const SLACK_DAYS = 0.001
const hotDays = (time: Date) => time.getTime() / 1000 / HOT_DECAY_SECONDS

/** A day as YYYY-MM-DD: its start (UTC); null when not given; 400 when it is not a real day. */
export function parseDay(field: 'from' | 'to', raw: string | undefined): Date | null {
  const value = raw?.trim()
  if (!value) return null
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!day || day.toISOString().slice(0, 10) !== value) {
    throw new BadRequestError('filter_invalid', {
      detail: `Invalid ${field} date "${value}": use a day as YYYY-MM-DD`,
      errors: [{ field, message: 'must be a day as YYYY-MM-DD' }],
    })
  }
  return day
}
