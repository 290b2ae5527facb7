import type { StatsResponse } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { DECIMALS, unitsToWholeTokens } from '../rewards/rewards.rules'
import { rewardsStore } from '../rewards/rewards.store'

/** Tokens the faucet has handed out: confirmed grants only (pending may still fail). */
async function faucetDistributed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('faucet_grants')
    .select(sql<number>`coalesce(sum(amount), 0)::float8`.as('total'))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow()
  return row.total
}

/** The real figures of the home and forum heroes. Comments are the sum of the posts' counters. */
export function statsService(db: Db) {
  return {
    async current(): Promise<StatsResponse> {
      const rewards = rewardsStore(db)
      const [members, posts, faucet, claimsPaid, earned] = await Promise.all([
        db.selectFrom('users').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select([
            sql<number>`count(*)::int`.as('count'),
            sql<number>`coalesce(sum(comments_count), 0)::int`.as('comments'),
          ])
          .executeTakeFirstOrThrow(),
        faucetDistributed(db),
        rewards.paidTotal(),
        rewards.earned(),
      ])
      return {
        members: members.count,
        posts: posts.count,
        comments: posts.comments,
        // Whole tokens, from the records: faucet grants confirmed plus reward claims paid.
        tokens_distributed: Math.floor(faucet + Number(claimsPaid) / 10 ** DECIMALS),
        tokens_earned: unitsToWholeTokens(earned),
      }
    },
  }
}
