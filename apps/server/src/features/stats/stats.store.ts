import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { visibleTo } from '../../policy/index'

/** The live counts the heroes show, read straight from the tables (each a single aggregate). */
export function statsStore(db: Db) {
  return {
    async members(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow()
      return row.count
    },

    /**
     * The posts every reader can see (public ones), and their comments as the sum of their counters:
     * a figure a visitor can check by counting, the same for everyone (the heroes are cached).
     */
    posts(): Promise<{ count: number; comments: number }> {
      return db
        .selectFrom('posts')
        .select([
          sql<number>`count(*)::int`.as('count'),
          sql<number>`coalesce(sum(comments_count), 0)::int`.as('comments'),
        ])
        .where(visibleTo(null))
        .executeTakeFirstOrThrow()
    },
  }
}
