import type { StatsResponse } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'

/**
 * Tokens handed out by the faucet, in whole tokens. The faucet feature owns that figure: it
 * replaces this function's body with a sum over its own table. Until then none were handed out.
 */
export async function tokensDistributed(_db: Db): Promise<number> {
  return 0
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
