import type { Db } from '../../db/index'
import { visibleTo } from '../../policy/index'
import { countedSql } from './reviews.lists'

/** A review as a feed shows it: what it says, who wrote it, and of which work. */
export interface PublicReview {
  id: string
  summary: string
  version: number
  created_at: Date
  edited_at: Date | null
  reviewer_id: string
  username: string
  nickname: string
  post_id: string
  post_title: string
}

/**
 * The reviews anyone may read on their own address: counted (not withdrawn or hidden), of a post everyone may see.
 * Ids are UUIDv7, so their order is the order written.
 */
export function publicReviews(db: Db) {
  const open = () =>
    db
      .selectFrom('reviews')
      .innerJoin('posts', 'posts.id', 'reviews.post_id')
      .where(visibleTo(null))
      .where(countedSql('reviews'))

  return {
    /** The newest `limit`, newest first. */
    newest(limit: number): Promise<PublicReview[]> {
      return open()
        .innerJoin('users', 'users.id', 'reviews.reviewer_id')
        .select([
          'reviews.id',
          'reviews.summary',
          'reviews.version',
          'reviews.created_at',
          'reviews.edited_at',
          'reviews.reviewer_id',
          'users.username',
          'users.nickname',
          'reviews.post_id',
          'posts.title as post_title',
        ])
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .execute()
    },

    async count(): Promise<number> {
      const row = await open()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** A page of them, oldest first, for a sitemap file. */
    page(offset: number, limit: number) {
      return open()
        .select(['reviews.id', 'reviews.created_at', 'reviews.edited_at'])
        .orderBy('reviews.id')
        .offset(offset)
        .limit(limit)
        .execute()
    },
  }
}
