import { REVIEW_CRITERIA, type ReviewAggregate } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { ReviewRow } from '../../db/schema'
import { countedSql } from './reviews.lists'

/** A review with what its view shows of the reviewer. */
export type ReviewWithReviewer = ReviewRow & {
  username: string
  nickname: string
  avatar: string
  orcid: string
  helpful: number
  /** Whether the reader the row was read for marked it helpful. */
  marked_helpful: boolean
  response_content: string | null
  response_revision: number | null
  response_created_at: Date | null
  response_edited_at: Date | null
}

/** What an edit may change. */
export const REVIEW_FIELDS = [...REVIEW_CRITERIA, 'summary', 'confidence', 'competing_interests'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]

export function reviewsStore(db: Db) {
  /** Reviews with their reviewer, helpful count and the author's answer, as `viewerId` reads them. */
  const withReviewer = (viewerId: string | null) =>
    db
      .selectFrom('reviews')
      .innerJoin('users', 'users.id', 'reviews.reviewer_id')
      .leftJoin('review_responses as rr', 'rr.review_id', 'reviews.id')
      .selectAll('reviews')
      .select(['users.username', 'users.nickname', 'users.avatar', 'users.orcid'])
      .select([
        'rr.content as response_content',
        'rr.revision as response_revision',
        'rr.created_at as response_created_at',
        'rr.edited_at as response_edited_at',
      ])
      .select(
        sql<number>`(select count(*)::int from review_helpful h where h.review_id = reviews.id)`.as(
          'helpful',
        ),
      )
      .select(
        sql<boolean>`exists (select 1 from review_helpful h where h.review_id = reviews.id and h.user_id = ${viewerId}::uuid)`.as(
          'marked_helpful',
        ),
      )

  return {
    /** Inserts the review; undefined when this reviewer already reviewed this version. */
    async add(row: Pick<ReviewRow, 'id' | 'post_id' | 'version' | 'reviewer_id' | ReviewField>) {
      return db
        .insertInto('reviews')
        .values(row)
        .onConflict((oc) => oc.columns(['post_id', 'version', 'reviewer_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
    },

    find(id: string, viewerId: string | null = null): Promise<ReviewWithReviewer | undefined> {
      return withReviewer(viewerId).where('reviews.id', '=', id).executeTakeFirst()
    },

    /** A page of a post's reviews, newest first: ids are UUIDv7, so their order is the order written. */
    page(
      postId: string,
      limit: number,
      before: string | null,
      viewerId: string | null,
    ): Promise<ReviewWithReviewer[]> {
      let query = withReviewer(viewerId).where('reviews.post_id', '=', postId)
      if (before) query = query.where('reviews.id', '<', before)
      return query.orderBy('reviews.id', 'desc').limit(limit).execute()
    },

    /** What a person is called where their work is cited: their display name, else their username. */
    async nameOf(userId: string): Promise<string> {
      const user = await db
        .selectFrom('users')
        .select(['nickname', 'username'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      return user.nickname || user.username
    },

    /** The review row, held until the transaction ends: edits of one review take turns. */
    lock(id: string) {
      return db.selectFrom('reviews').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
    },

    /** Keeps `old` as a revision and writes the edited values as the next one. */
    async saveEdit(old: ReviewRow, next: Pick<ReviewRow, ReviewField>) {
      const { id, revision, edited_at, created_at } = old
      const kept = Object.fromEntries(REVIEW_FIELDS.map((field) => [field, old[field]])) as Pick<
        ReviewRow,
        ReviewField
      >
      await db
        .insertInto('review_revisions')
        .values({ review_id: id, revision, ...kept, created_at: edited_at ?? created_at })
        .execute()
      await db
        .updateTable('reviews')
        .set({ ...next, revision: revision + 1, edited_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    history(id: string) {
      return db
        .selectFrom('review_revisions')
        .selectAll()
        .where('review_id', '=', id)
        .orderBy('revision')
        .execute()
    },

    /** Withdraws the review; false when it was withdrawn already. */
    async withdraw(id: string): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('reviews')
        .set({ withdrawn_at: new Date() })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst()
      return numUpdatedRows > 0n
    },

    /** Sets whether `userId` finds the review helpful (undefined: the other way round); answers the state. */
    async setHelpful(id: string, userId: string, helpful: boolean | undefined): Promise<boolean> {
      const mine = db.deleteFrom('review_helpful').where('review_id', '=', id).where('user_id', '=', userId)
      if (helpful === undefined) {
        const removed = await mine.executeTakeFirst()
        if (removed.numDeletedRows > 0n) return false
        helpful = true
      }
      if (!helpful) {
        await mine.execute()
        return false
      }
      await db
        .insertInto('review_helpful')
        .values({ review_id: id, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute()
      return true
    },

    async helpfulCount(id: string): Promise<number> {
      const row = await db
        .selectFrom('review_helpful')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('review_id', '=', id)
        .executeTakeFirstOrThrow()
      return row.n
    },

    /** Adds the author's answer; undefined when the review was answered already. */
    addResponse(id: string, authorId: string, content: string) {
      return db
        .insertInto('review_responses')
        .values({ review_id: id, author_id: authorId, content })
        .onConflict((oc) => oc.column('review_id').doNothing())
        .returning(['content', 'revision', 'created_at', 'edited_at'])
        .executeTakeFirst()
    },

    /** The answer, held until the transaction ends: two edits from one base revision take turns. */
    lockResponse(id: string) {
      return db
        .selectFrom('review_responses')
        .select(['review_id', 'content', 'revision', 'created_at', 'edited_at'])
        .where('review_id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Keeps the answer's current text as a revision and writes `content` as the next. */
    async saveResponseEdit(
      old: { review_id: string; content: string; revision: number; created_at: Date; edited_at: Date | null },
      content: string,
    ) {
      await db
        .insertInto('review_response_revisions')
        .values({
          review_id: old.review_id,
          revision: old.revision,
          content: old.content,
          created_at: old.edited_at ?? old.created_at,
        })
        .execute()
      return db
        .updateTable('review_responses')
        .set({ content, revision: old.revision + 1, edited_at: new Date() })
        .where('review_id', '=', old.review_id)
        .returning(['content', 'revision', 'created_at', 'edited_at'])
        .executeTakeFirstOrThrow()
    },

    responseHistory(id: string) {
      return db
        .selectFrom('review_response_revisions')
        .select(['revision', 'content', 'created_at'])
        .where('review_id', '=', id)
        .orderBy('revision')
        .execute()
    },

    /** Count, mean, confidence-weighted mean and distribution per criterion, of the reviews that count. */
    async aggregate(postId: string): Promise<ReviewAggregate> {
      const columns = REVIEW_CRITERIA.flatMap((name) => [
        sql.raw(`avg(${name})::float8 as ${name}_mean`),
        sql.raw(`(sum(${name} * confidence)::float8 / nullif(sum(confidence), 0)) as ${name}_weighted`),
        ...[1, 2, 3, 4, 5].map((score) =>
          sql.raw(`count(*) filter (where ${name} = ${score})::int as ${name}_${score}`),
        ),
      ])
      const { rows } = await sql<Record<string, number | null>>`
        select count(*)::int as count, ${sql.join(columns)}
        from reviews r where post_id = ${postId} and ${countedSql('r')}`.execute(db)
      const row = rows[0] ?? {}
      const criteria = Object.fromEntries(
        REVIEW_CRITERIA.map((name) => [
          name,
          {
            mean: row[`${name}_mean`] ?? null,
            weighted_mean: row[`${name}_weighted`] ?? null,
            distribution: [1, 2, 3, 4, 5].map((score) => row[`${name}_${score}`] ?? 0),
          },
        ]),
      ) as ReviewAggregate['criteria']
      return { count: row.count ?? 0, criteria }
    },

    /** The CIDs of the files of version `version` of a post whose current version is `current`. */
    async cidsOf(postId: string, version: number, current: number): Promise<string[]> {
      const rows =
        version === current
          ? await db
              .selectFrom('post_files')
              .select('cid')
              .where('post_id', '=', postId)
              .orderBy('position')
              .execute()
          : await db
              .selectFrom('post_version_files')
              .select('cid')
              .where('post_id', '=', postId)
              .where('version', '=', version)
              .orderBy('position')
              .execute()
      return rows.map((row) => row.cid)
    },
  }
}
