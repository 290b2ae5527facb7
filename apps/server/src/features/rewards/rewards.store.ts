import type { RewardReason } from '@agora/contract'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { EarningReason } from '../../config'
import type { Db } from '../../db/index'
import type { RewardEntriesTable } from '../../db/schema'
import { visibleSql } from '../../policy/index'
import {
  EARNING_REASONS,
  type Earning,
  type EarningTerms,
  HELD_REASONS,
  MOVING_REASONS,
} from './rewards.rules'

/** A cap no one reaches: the statement's cap when a rule has none. */
const NO_CAP = 2_147_483_647

// Amounts are bigint in the database and read as text here (the driver reads int8 as a number,
// which would lose base units past 2^53), then as BigInt by the service.
export const sumText = (filter = sql`true`) =>
  sql<string>`coalesce(sum(amount) filter (where ${filter}), 0)::text`

const isHeld = sql<boolean>`reason in (${sql.join(HELD_REASONS)})`
/** What counts as earned: earnings, awards and their reversals, not claims, escrow or refunds. */
const isEarnedOrReversed = sql<boolean>`reason not in (${sql.join(MOVING_REASONS)})`

export interface EntryView {
  id: string
  amount: string
  reason: RewardReason
  source_kind: RewardEntriesTable['source_kind']
  source_id: string
  /** Null when the post is gone, or is someone else's private post. */
  post_id: string | null
  created_at: Date
}

export interface EntryCursor {
  createdAt: Date
  id: string
}

/** An earning entry not reversed yet: what a withdrawn like or a delete undoes. */
export type Reversible = Pick<RewardEntriesTable, 'id' | 'user_id' | 'source_kind' | 'source_id'> & {
  amount: string
  target_id: string | null
  post_id: string | null
}

export function rewardsStore(db: Db) {
  /**
   * Earning entries of these likes, targets or posts that no reversal undoes yet. A like's are found through
   * the ledger's source index (reason, source kind, source id), so the kind is named and the reasons
   * are written into the text: a generic plan cannot use that partial index otherwise (db/prepared.ts),
   * and without the kind every withdrawn like scanned the whole ledger (80–190 ms on 1.6M entries).
   */
  function reversible(match: 'like' | 'target' | 'post', values: string[]): Promise<Reversible[]> {
    if (values.length === 0) return Promise.resolve([])
    const column = match === 'like' ? 'e.source_id' : match === 'target' ? 'e.target_id' : 'e.post_id'
    return (
      db
        .selectFrom('reward_entries as e')
        .select(['e.id', 'e.user_id', 'e.source_kind', 'e.source_id', 'e.target_id', 'e.post_id'])
        .select(sql<string>`e.amount::text`.as('amount'))
        .$if(match === 'like', (query) => query.where('e.source_kind', '=', sql.lit('like')))
        .where(sql.ref(column), 'in', values)
        // A review's bounty awards go back with it when moderation removes it; a deleted post's do not.
        .where(
          'e.reason',
          'in',
          (match === 'target' ? HELD_REASONS : EARNING_REASONS).map((reason) => sql.lit(reason)),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('reward_entries as r').select('r.id').whereRef('r.reverses', '=', 'e.id'))),
        )
        .orderBy('e.id')
        .execute()
    )
  }

  return {
    /**
     * Holds, until the transaction ends, each user's rewards lock, taken in a fixed order: the cap
     * check and the entry, or the claimable check and the claim, happen one request at a time.
     */
    async lockUsers(userIds: string[]) {
      for (const id of [...new Set(userIds)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`rewards:user:${id}`}, 0))`.execute(db)
      }
    },

    /**
     * Pays earnings of one reason in one statement, under the rule's terms, and answers the source
     * ids it paid. An earning pays when its earner's account was made by `bornBefore`, its source
     * has not earned before (a re-given like earns nothing) and its earner's count for the day is
     * under the cap; the count moves in the same statement (the counter row's lock orders
     * concurrent earnings, and the upsert re-reads the row it waited for), and when a batch holds
     * more of one earner's earnings than the cap leaves room for, the first ones pay.
     */
    async payEarnings(
      reason: EarningReason,
      terms: EarningTerms,
      earnings: readonly Earning[],
      at: Date,
    ): Promise<Set<string>> {
      if (earnings.length === 0) return new Set()
      const cap = terms.dailyCap ?? NO_CAP
      // Arrays, one per column: one statement text for any number of earnings (db/prepared.ts).
      const column = <T>(of: (earning: Earning) => T) => sql.val(earnings.map(of))
      // The reason is written into the text (one statement per reason): as a parameter it kept a
      // prepared statement's generic plan off the ledger's partial index (`reason <> 'reversal'`),
      // so that plan hashed the whole ledger and PostgreSQL planned every batch anew.
      const reasonIs = sql.lit(reason)
      const { rows: paid } = await sql<{ source_id: string }>`
        with input as (
          select * from unnest(${column(() => uuidv7())}::uuid[], ${column((e) => e.userId)}::uuid[],
            ${column((e) => e.source.kind)}::text[], ${column((e) => e.source.id)}::text[], ${column((e) => e.targetId)}::uuid[],
            ${column((e) => e.postId)}::uuid[]) with ordinality as i(id, user_id, source_kind, source_id, target_id, post_id, n)
        ),
        fresh as (
          select i.* from input i
          join users u on u.id = i.user_id and u.created_at <= ${terms.bornBefore}
          where not exists (
            select 1 from reward_entries e
            where e.reason = ${reasonIs} and e.source_kind = i.source_kind and e.source_id = i.source_id
          )
          -- Only an optimisation (the upsert decides): an earner seen at the cap is not counted
          -- again, so the author of a popular post costs no row lock once the day is full.
          and not exists (
            select 1 from reward_day_counts c
            where c.user_id = i.user_id and c.reason = ${reason} and c.day = ${terms.day}::date
              and c.earned >= ${cap}
          )
        ),
        wanted as (
          select user_id, least(count(*), ${cap})::int as n from fresh group by user_id order by user_id
        ),
        counted as (
          insert into reward_day_counts as c (user_id, reason, day, earned, granted)
          select user_id, ${reason}, ${terms.day}::date, n, n from wanted
          on conflict (user_id, reason, day) do update
            set earned = least(c.earned + excluded.earned, ${cap}),
                granted = least(c.earned + excluded.earned, ${cap}) - c.earned
            where c.earned < ${cap}
          returning c.user_id, c.granted
        ),
        ranked as (
          select f.*, row_number() over (partition by f.user_id order by f.n) as rank from fresh f
        ),
        paid as (
          insert into reward_entries (id, user_id, amount, reason, source_kind, source_id, target_id, post_id, created_at)
          select r.id, r.user_id, ${terms.amount.toString()}::bigint, ${reason}, r.source_kind, r.source_id,
                 r.target_id, r.post_id, ${at}
          from ranked r join counted c on c.user_id = r.user_id
          where r.rank <= c.granted
          on conflict (reason, source_kind, source_id) where reason <> 'reversal' do nothing
          returning source_id
        )
        select source_id from paid`.execute(db)
      return new Set(paid.map((row) => row.source_id))
    },

    /** Earnings of these likes (`likeSourceId`), content ids, or posts (with everything on them) not yet reversed. */
    reversibleByLike: (likeSourceIds: string[]) => reversible('like', likeSourceIds),
    reversibleByTarget: (targetIds: string[]) => reversible('target', targetIds),
    reversibleByPost: (postId: string) => reversible('post', [postId]),

    /** Writes one reversal per entry; an entry already reversed (a race) is skipped. */
    async insertReversals(entries: Reversible[], at: Date) {
      if (entries.length === 0) return
      await db
        .insertInto('reward_entries')
        .values(
          entries.map((entry) => ({
            id: uuidv7(),
            user_id: entry.user_id,
            amount: (-BigInt(entry.amount)).toString(),
            reason: 'reversal' as const,
            source_kind: entry.source_kind,
            source_id: entry.source_id,
            target_id: entry.target_id,
            post_id: entry.post_id,
            reverses: entry.id,
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.column('reverses').where('reverses', 'is not', null).doNothing())
        .execute()
    },

    /** A comment, row-locked: a like on it cannot land unseen during its delete. */
    async lockComment(commentId: string): Promise<string[]> {
      const { rows } = await sql<{
        id: string
      }>`select id from comments where id = ${commentId} for update`.execute(db)
      return rows.map((row) => row.id)
    },

    /** The post's comments, row-locked, for the same reason when the post goes. */
    async lockCommentsOfPost(postId: string) {
      await sql`select id from comments where post_id = ${postId} order by id for update`.execute(db)
    },

    /** Every post, comment and like there is, with its author and time: what a backfill pays. */
    async contributions() {
      const [posts, comments, postLikes, commentLikes] = await Promise.all([
        db.selectFrom('posts').select(['id', 'user_id', 'created_at']).execute(),
        db.selectFrom('comments').select(['id', 'user_id', 'post_id', 'created_at']).execute(),
        db
          .selectFrom('post_likes as l')
          .innerJoin('posts as p', 'p.id', 'l.post_id')
          .select(['p.id', 'p.user_id', 'p.id as post_id', 'l.user_id as liker_id', 'l.created_at'])
          .execute(),
        db
          .selectFrom('comment_likes as l')
          .innerJoin('comments as c', 'c.id', 'l.comment_id')
          .select(['c.id', 'c.user_id', 'c.post_id', 'l.user_id as liker_id', 'l.created_at'])
          .execute(),
      ])
      return { posts, comments, postLikes, commentLikes }
    },

    /** Balance (all entries), held (earnings after `holdStart`) and earned (earnings less reversals). */
    async summary(userId: string, holdStart: Date) {
      return db
        .selectFrom('reward_entries')
        .select([
          sumText().as('balance'),
          sumText(sql`${isHeld} and created_at > ${holdStart}`).as('held'),
          sumText(isEarnedOrReversed).as('earned'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    },

    /** Newest first, after `cursor`; the post link only to a post that exists and the user may see. */
    page(userId: string, cursor: EntryCursor | null, limit: number): Promise<EntryView[]> {
      let query = db
        .selectFrom('reward_entries as e')
        .leftJoin('posts as p', 'p.id', 'e.post_id')
        .select(['e.id', 'e.reason', 'e.source_kind', 'e.source_id', 'e.created_at'])
        .select(sql<string>`e.amount::text`.as('amount'))
        .select(
          sql<string | null>`case when ${visibleSql('p', sql.ref('e.user_id'))} then p.id end`.as('post_id'),
        )
        .where('e.user_id', '=', userId)
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb('e.created_at', '<', cursor.createdAt),
            eb.and([eb('e.created_at', '=', cursor.createdAt), eb('e.id', '<', cursor.id)]),
          ]),
        )
      }
      return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute()
    },

    /** Users by what they earned since `since` (null: ever), most first; only those above zero. */
    leaderboard(since: Date | null, limit: number) {
      let earned = db
        .selectFrom('reward_entries')
        .select(['user_id', sql<string>`sum(amount)`.as('earned')])
        .where(isEarnedOrReversed)
        .groupBy('user_id')
      if (since) earned = earned.where('created_at', '>=', since)
      return db
        .selectFrom(earned.as('t'))
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id as user_id', 'u.username', 'u.nickname', 'u.avatar'])
        .select([
          sql<string>`t.earned::text`.as('earned'),
          sql<number>`rank() over (order by t.earned desc)::int`.as('rank'),
        ])
        .where(sql<boolean>`t.earned > 0`)
        .orderBy(sql`t.earned`, 'desc')
        .orderBy('u.username')
        .limit(limit)
        .execute()
    },

    /** Base units earned by everyone (earnings less reversals), or by one user. */
    async earned(userId?: string): Promise<bigint> {
      let query = db.selectFrom('reward_entries').select(sumText(isEarnedOrReversed).as('total'))
      if (userId) query = query.where('user_id', '=', userId)
      return BigInt((await query.executeTakeFirstOrThrow()).total)
    },
  }
}
export type RewardsStore = ReturnType<typeof rewardsStore>
