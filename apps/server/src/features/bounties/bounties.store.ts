import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { BountyRow } from '../../db/schema'
import { countedSql } from '../reviews/index'

/** A bounty with its post's title and its funder's names, as its view shows them. */
export type BountyWithFunder = BountyRow & {
  post_title: string
  user_id: string
  username: string
  nickname: string
  avatar: string
}

export interface AwardWithReviewer {
  id: string
  bounty_id: string
  review_id: string
  amount: string
  created_at: Date
  user_id: string
  username: string
  nickname: string
  avatar: string
}

/** What every read of a bounty takes; amounts apart, below. */
const COLUMNS = [
  'b.id',
  'b.post_id',
  'b.funder_id',
  'b.reviews_wanted',
  'b.deadline',
  'b.status',
  'b.created_at',
] as const
/** Amounts are bigint base units, read as text: the driver reads int8 as a number. */
const amounts = [sql<string>`b.amount::text`.as('amount'), sql<string>`b.remaining::text`.as('remaining')]

export function bountiesStore(db: Db) {
  const withFunder = () =>
    db
      .selectFrom('bounties as b')
      .innerJoin('users as u', 'u.id', 'b.funder_id')
      .innerJoin('posts as p', 'p.id', 'b.post_id')
      .select([
        ...COLUMNS,
        'b.closed_at',
        'p.title as post_title',
        'u.id as user_id',
        'u.username',
        'u.nickname',
        'u.avatar',
      ])
      .select(amounts)

  return {
    async add(row: {
      id: string
      post_id: string
      funder_id: string
      amount: bigint
      reviews_wanted: number
      deadline: Date
    }) {
      await db
        .insertInto('bounties')
        .values({ ...row, remaining: row.amount })
        .execute()
    },

    find: (id: string): Promise<BountyWithFunder | undefined> =>
      withFunder().where('b.id', '=', id).executeTakeFirst(),

    /** The bounty row, held until the transaction ends: awards, a cancel and the deadline take turns. */
    lock: (id: string) =>
      db
        .selectFrom('bounties as b')
        .select(COLUMNS)
        .select(amounts)
        .where('b.id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /** A post's bounties, open ones first, newest first. */
    ofPost: (postId: string) =>
      withFunder()
        .where('b.post_id', '=', postId)
        .orderBy(sql`b.status = 'open'`, 'desc')
        .orderBy('b.id', 'desc')
        .execute(),

    ofFunder: (funderId: string, limit: number) =>
      withFunder().where('b.funder_id', '=', funderId).orderBy('b.id', 'desc').limit(limit).execute(),

    awardsOf(bountyIds: string[]): Promise<AwardWithReviewer[]> {
      if (bountyIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('bounty_awards as a')
        .innerJoin('users as u', 'u.id', 'a.reviewer_id')
        .select([
          'a.id',
          'a.bounty_id',
          'a.review_id',
          'a.created_at',
          'u.id as user_id',
          'u.username',
          'u.nickname',
          'u.avatar',
        ])
        .select(sql<string>`a.amount::text`.as('amount'))
        .where('a.bounty_id', 'in', bountyIds)
        .where('a.returned_at', 'is', null)
        .orderBy('a.id')
        .execute()
    },

    /** Awards of the bounty not taken back by moderation: what counts toward `reviews_wanted`. */
    async awardCount(bountyId: string): Promise<number> {
      const row = await db
        .selectFrom('bounty_awards')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('bounty_id', '=', bountyId)
        .where('returned_at', 'is', null)
        .executeTakeFirstOrThrow()
      return row.n
    },

    /** Inserts the award; false when this review has one from this bounty already. */
    async addAward(row: {
      id: string
      bounty_id: string
      review_id: string
      reviewer_id: string
      amount: bigint
    }) {
      const added = await db
        .insertInto('bounty_awards')
        .values(row)
        .onConflict((oc) => oc.columns(['bounty_id', 'review_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return added !== undefined
    },

    /** Marks the review's awards returned (those not returned yet) and answers them. */
    takeBackAwards: (reviewId: string) =>
      db
        .updateTable('bounty_awards')
        .set({ returned_at: new Date() })
        .where('review_id', '=', reviewId)
        .where('returned_at', 'is', null)
        .returning(['id', 'bounty_id', sql<string>`amount::text`.as('amount')])
        .execute(),

    setRemaining: (id: string, remaining: bigint) =>
      db.updateTable('bounties').set({ remaining }).where('id', '=', id).execute(),

    close: (id: string, status: 'cancelled' | 'closed') =>
      db
        .updateTable('bounties')
        .set({ status, remaining: 0n, closed_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute(),

    /** Open bounties due by `now`, row-locked and skipping those another process is closing. */
    due: (now: Date, limit: number) =>
      db
        .selectFrom('bounties as b')
        .select(['b.id', 'b.post_id', 'b.funder_id'])
        .select(amounts)
        .where('b.status', '=', 'open')
        .where('b.deadline', '<=', now)
        .orderBy('b.deadline')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute(),

    /** A post's open bounties, row-locked: what its deletion returns to the funders. */
    openOnPost: (postId: string) =>
      db
        .selectFrom('bounties as b')
        .select(['b.id', 'b.post_id', 'b.funder_id'])
        .select(amounts)
        .where('b.post_id', '=', postId)
        .where('b.status', '=', 'open')
        .orderBy('b.id')
        .forUpdate()
        .execute(),

    /** Reviews of the post posted since the bounty opened that count (not withdrawn or hidden). */
    async reviewsSince(postId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('reviews as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('r.post_id', '=', postId)
        .where('r.created_at', '>', since)
        .where(countedSql('r'))
        .executeTakeFirstOrThrow()
      return row.n
    },

    /**
     * Whether `userId` ever signed in from the device of one of `others`: a session of each with the
     * same address prefix and browser. What keeps a second account of the funder or author from an award.
     */
    async sharesSessions(userId: string, others: string[]): Promise<boolean> {
      const row = await db
        .selectFrom('sessions as mine')
        .innerJoin('sessions as theirs', (join) =>
          join
            .onRef('theirs.ip_prefix', '=', 'mine.ip_prefix')
            .onRef('theirs.user_agent', '=', 'mine.user_agent'),
        )
        .select('mine.id')
        .where('mine.user_id', '=', userId)
        .where('theirs.user_id', 'in', others)
        .where('theirs.user_id', '<>', userId)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}
