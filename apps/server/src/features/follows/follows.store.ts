import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { FollowsTable } from '../../db/schema'

export type FollowKind = FollowsTable['kind']

/** The follows table: who follows which author (by id) or tag (normalised). */
export function followsStore(db: Db) {
  return {
    /** Adds the follow; true when it is new (false: it was there already). */
    async add(followerId: string, kind: FollowKind, target: string): Promise<boolean> {
      const inserted = await db
        .insertInto('follows')
        .values({ follower_id: followerId, kind, target })
        .onConflict((conflict) => conflict.doNothing())
        .returning('target')
        .executeTakeFirst()
      return inserted !== undefined
    },

    async remove(followerId: string, kind: FollowKind, target: string): Promise<boolean> {
      const result = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('kind', '=', kind)
        .where('target', '=', target)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /** How many follow the target (index follows_target_idx). */
    async followersOf(kind: FollowKind, target: string): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('kind', '=', kind)
        .where('target', '=', target)
        .executeTakeFirstOrThrow()
      return row.n
    },

    /** A user's followers, the authors they follow, and whether `viewerId` follows them. */
    async userStats(userId: string, viewerId: string | null) {
      const { rows } = await sql<{ followers: number; following: number; is_following: boolean }>`
        select
          (select count(*)::int from follows where kind = 'user' and target = ${userId}) as followers,
          (select count(*)::int from follows where follower_id = ${userId} and kind = 'user') as following,
          exists (select 1 from follows where follower_id = ${viewerId}::uuid and kind = 'user' and target = ${userId})
            as is_following
      `.execute(db)
      return rows[0]
    },

    findUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'public_profile', 'public_statistics'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The authors a user follows, latest follow first. */
    followedUsers(followerId: string) {
      return (
        db
          .selectFrom('follows')
          // Only 'user' rows reach the join (the key's kind), so the cast never meets a tag.
          .innerJoin('users', (join) => join.on('users.id', '=', sql<string>`follows.target::uuid`))
          .select(['users.id', 'users.username', 'users.nickname', 'users.avatar'])
          .where('follows.follower_id', '=', followerId)
          .where('follows.kind', '=', 'user')
          .orderBy('follows.created_at', 'desc')
          .orderBy('follows.target')
          .execute()
      )
    },

    /** The tags a user follows, latest follow first. */
    async followedTags(followerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('follows')
        .select('target')
        .where('follower_id', '=', followerId)
        .where('kind', '=', 'tag')
        .orderBy('created_at', 'desc')
        .orderBy('target')
        .execute()
      return rows.map((row) => row.target)
    },
  }
}
