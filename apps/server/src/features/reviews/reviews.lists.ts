import {
  REVIEW_CRITERIA,
  REVIEWS_PAGE_SIZE,
  type ReviewRatings,
  type UserReviewsResponse,
} from '@agora/contract'
import { type RawBuilder, sql } from 'kysely'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { countedReviewSql, readableReviewSql, visibleSql } from '../../policy/index'

/** What a post's card says of its reviews: those that count, and their mean rating. */
export interface ReviewTotals {
  review_count: number
  rating_mean: number | null
}

const NO_REVIEWS: ReviewTotals = { review_count: 0, rating_mean: null }

/** The reviews that count (policy/): neither withdrawn nor hidden by a moderator. */
export const countedSql = countedReviewSql

/**
 * The mean over the reviews aliased `review` of each one's average of its five criteria: one
 * division of integer sums, so every call gives the same float (a keyset cursor compares it).
 */
function meanRatingOf(review: string): RawBuilder<number | null> {
  const sum = sql.join(
    REVIEW_CRITERIA.map((name) => sql.ref(`${review}.${name}`)),
    sql` + `,
  )
  return sql<number | null>`(sum(${sum})::float8 / nullif(count(*) * ${REVIEW_CRITERIA.length}, 0))`
}

/**
 * The mean rating of the post row aliased `post` (null when unreviewed): one aggregate over its
 * reviews, which reviews_post_newest finds by post.
 */
export function ratingMeanSql(post: string): RawBuilder<number | null> {
  return sql<number | null>`(select ${meanRatingOf('r')} from reviews r
    where r.post_id = ${sql.ref(`${post}.id`)} and ${countedSql('r')})`
}

/** Whether the post row aliased `post` has a review that counts. */
export function reviewedSql(post: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from reviews r
    where r.post_id = ${sql.ref(`${post}.id`)} and ${countedSql('r')})`
}

/** The review totals of a page's posts, in one grouped query. */
export async function reviewTotalsOf(db: Db, postIds: string[]): Promise<Map<string, ReviewTotals>> {
  if (postIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('reviews as r')
    .select('r.post_id')
    .select(sql<number>`count(*)::int`.as('review_count'))
    .select(meanRatingOf('r').as('rating_mean'))
    .where('r.post_id', 'in', postIds)
    .where(countedSql('r'))
    .groupBy('r.post_id')
    .execute()
  return new Map(rows.map(({ post_id, ...totals }) => [post_id, totals]))
}

export const totalsOf = (totals: Map<string, ReviewTotals>, postId: string) =>
  totals.get(postId) ?? NO_REVIEWS

/** How many reviews that count a person wrote of posts `viewerId` may see. */
export async function reviewCountBy(db: Db, reviewerId: string, viewerId: string | null): Promise<number> {
  const row = await db
    .selectFrom('reviews as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.reviewer_id', '=', reviewerId)
    .where(countedSql('r'))
    .where(visibleSql('p', sql`${viewerId}::uuid`))
    .executeTakeFirstOrThrow()
  return row.n
}

/**
 * A person's reviews, newest first, of the posts the viewer may see: ids are UUIDv7, so a page
 * follows them downwards. A withdrawn one stays listed as such, without its ratings.
 */
export async function reviewsOfUser(
  db: Db,
  viewerId: string | null,
  username: string,
  query: { limit?: number; cursor?: string },
): Promise<UserReviewsResponse> {
  const user = username.includes('\u0000')
    ? undefined
    : await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
  if (!user) throw new NotFoundError('user_not_found')
  if (query.cursor !== undefined && !isId(query.cursor)) {
    throw new BadRequestError('validation_failed', {
      detail: 'Invalid cursor: pass back the next_cursor of the previous page',
      params: { field: 'cursor', message: 'is not one a page of reviews gave' },
      errors: [{ field: 'cursor', message: 'is not one a page of reviews gave' }],
    })
  }
  const limit = query.limit ?? REVIEWS_PAGE_SIZE
  let page = db
    .selectFrom('reviews as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .selectAll('r')
    .select('p.title')
    .select(sql<number>`(select count(*)::int from review_helpful h where h.review_id = r.id)`.as('helpful'))
    .where('r.reviewer_id', '=', user.id)
    .where(visibleSql('p', sql`${viewerId}::uuid`))
    .where(readableReviewSql('r', viewerId))
  if (query.cursor) page = page.where('r.id', '<', query.cursor)
  const rows = await page
    .orderBy('r.id', 'desc')
    .limit(limit + 1)
    .execute()
  const items = rows.slice(0, limit).map((row) => {
    const withdrawn = row.withdrawn_at !== null
    const ratings = Object.fromEntries(REVIEW_CRITERIA.map((name) => [name, row[name]])) as ReviewRatings
    return {
      _id: row.id,
      post: { id: row.post_id, title: row.title },
      version: row.version,
      ratings: withdrawn ? null : ratings,
      withdrawn,
      helpful: row.helpful,
      created_at: row.created_at.toISOString(),
    }
  })
  const hasNext = rows.length > limit
  return { items, has_next: hasNext, next_cursor: hasNext ? items[items.length - 1]._id : null }
}
