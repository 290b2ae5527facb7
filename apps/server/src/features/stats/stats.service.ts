import type { StatsResponse } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'

/** Tokens the faucet has handed out, in whole tokens: confirmed grants only (pending may still fail). */
export async function tokensDistributed(db: Db): Promise<number> {
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
      const [members, posts, tokens] = await Promise.all([
        db.selectFrom('users').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select([
            sql<number>`count(*)::int`.as('count'),
            sql<number>`coalesce(sum(comments_count), 0)::int`.as('comments'),
          ])
          .executeTakeFirstOrThrow(),
        tokensDistributed(db),
      ])
      return {
        members: members.count,
        posts: posts.count,
        comments: posts.comments,
        tokens_distributed: tokens,
      }
    },
  }
}
