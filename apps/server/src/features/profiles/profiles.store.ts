import type { ContentKind } from '@agora/contract'
import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { UserRow, UserUpdate } from '../../db/schema'
import { usernameSkeleton } from '../../db/usernames'
import { openCommentSql, openSql } from '../../policy/index'

/** What a user has done, counted over the posts the viewer may see. */
export interface UserCounts {
  posts: number
  comments_written: number
  comments_on_posts: number
  likes_received: number
  likes_given: number
}

export interface ActivityRow {
  type: ContentKind | 'like'
  post_id: string
  comment_id: string | null
  title: string
  happened_at: Date
}

export interface DailyActivityRow {
  day: string
  kind: ContentKind | 'like'
  n: number
}

/**
 * Private and moderated posts are seen by their author only: `includePrivate` is true when the viewer is the
 * user, and then nothing is filtered. Otherwise only public posts (and comments and likes on them)
 * count, so a private post's title never leaks through someone's activity.
 */
function visible(alias: string, includePrivate: boolean): RawBuilder<unknown> {
  return includePrivate ? sql`` : sql`and ${openSql(alias)}`
}

export function profilesStore(db: Db) {
  /** The accounts holding `username` in any letter case. */
  const holdersOf = (username: string) =>
    db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase())

  return {
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The live account holding this name in any letter case (unique among live accounts). */
    findUserIdByUsername(username: string): Promise<{ id: string } | undefined> {
      return holdersOf(username).where('deleted_at', 'is', null).executeTakeFirst()
    },

    /** Another user holding this name in any letter case, if one does. */
    findOtherUserByUsername(username: string, exceptId: string): Promise<{ id: string } | undefined> {
      return holdersOf(username).where('id', '<>', exceptId).executeTakeFirst()
    },

    updateUser(id: string, patch: UserUpdate): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({
          ...patch,
          ...(patch.username !== undefined ? { username_skeleton: usernameSkeleton(patch.username) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    async counts(userId: string, includePrivate: boolean): Promise<UserCounts> {
      const onlyVisible = visible('p', includePrivate)
      const { rows } = await sql<UserCounts>`
        select
          (select count(*)::int from posts p where p.user_id = ${userId} ${onlyVisible}) as posts,
          (select coalesce(sum(p.likes_count), 0)::int from posts p where p.user_id = ${userId} ${onlyVisible})
            as likes_received,
          (select coalesce(sum(p.comments_count), 0)::int from posts p where p.user_id = ${userId} ${onlyVisible})
            as comments_on_posts,
          (select count(*)::int from comments c join posts p on p.id = c.post_id
            where c.user_id = ${userId} and c.deleted_at is null ${onlyVisible}) as comments_written,
          (select count(*)::int from post_likes l join posts p on p.id = l.post_id
            where l.user_id = ${userId} ${onlyVisible}) as likes_given
      `.execute(db)
      return rows[0]
    },

    /** The newest posts, comments and likes of a user, newest first; each branch walks its own index. */
    async recentActivity(userId: string, includePrivate: boolean, limit: number): Promise<ActivityRow[]> {
      const onlyVisible = visible('p', includePrivate)
      const { rows } = await sql<ActivityRow>`
        (select 'post' as type, p.id as post_id, null::uuid as comment_id, p.title, p.created_at as happened_at
          from posts p where p.user_id = ${userId} ${onlyVisible}
          order by p.created_at desc limit ${limit})
        union all
        (select 'comment', c.post_id, c.id, p.title, c.created_at
          from comments c join posts p on p.id = c.post_id
            where c.user_id = ${userId} and c.deleted_at is null ${onlyVisible}
            ${includePrivate ? sql`` : sql`and ${openCommentSql('c')}`}
          order by c.created_at desc limit ${limit})
        union all
        (select 'like', l.post_id, null::uuid, p.title, l.created_at
          from post_likes l join posts p on p.id = l.post_id where l.user_id = ${userId} ${onlyVisible}
          order by l.created_at desc limit ${limit})
        order by happened_at desc, post_id desc
        limit ${limit}
      `.execute(db)
      return rows
    },

    /** How many posts, comments and likes a user made on each UTC day since `since`. */
    async dailyActivity(userId: string, since: Date): Promise<DailyActivityRow[]> {
      const { rows } = await sql<DailyActivityRow>`
        select to_char(happened_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind, count(*)::int as n
        from (
          select created_at as happened_at, 'post' as kind from posts where user_id = ${userId} and created_at >= ${since}
          union all
          select created_at, 'comment' from comments
            where user_id = ${userId} and created_at >= ${since} and deleted_at is null
          union all
          select created_at, 'like' from post_likes where user_id = ${userId} and created_at >= ${since}
        ) events
        group by day, kind
      `.execute(db)
      return rows
    },
  }
}
export type ProfilesStore = ReturnType<typeof profilesStore>
