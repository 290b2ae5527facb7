import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { LikeKind } from '../../events/index'
import { visibleSql } from '../../policy/index'

/** A like asked for: `userId` likes (or unlikes) the post or comment `targetId`. */
export interface Like {
  userId: string
  targetId: string
}

/** What a like statement answers per like asked: the liked content, its counter after, and whether this like changed it. */
export interface LikeRow {
  /** The author of the liked post or comment. */
  user_id: string
  post_id: string
  likes_count: number
  changed: boolean
}

/**
 * Where each kind of like lives. A comment is visible when its post is (db/visibility.ts): the
 * target rows carry the post's visibility and author for that check.
 */
const KINDS: Record<
  LikeKind,
  { likes: string; column: string; counter: string; targets: RawBuilder<unknown> }
> = {
  post: {
    likes: 'post_likes',
    column: 'post_id',
    counter: 'posts',
    targets: sql`select p.id, p.user_id, p.id as post_id, p.visibility, p.moderation, p.user_id as post_user_id,
                 p.likes_count from posts p where p.id in (select target_id from input) order by p.id for no key update`,
  },
  comment: {
    likes: 'comment_likes',
    column: 'comment_id',
    counter: 'comments',
    // A comment a moderator hid or removed is as unlikeable as a moderated post; a deleted one's placeholder is not there.
    targets: sql`select c.id, c.user_id, c.post_id, p.visibility, coalesce(c.moderation, p.moderation) as moderation,
                 p.user_id as post_user_id, c.likes_count
                 from comments c join posts p on p.id = c.post_id
                 where c.id in (select target_id from input) and c.deleted_at is null order by c.id for no key update of c`,
  },
}

export function likesStore(db: Db, kind: LikeKind) {
  const { likes: table, column, counter, targets } = KINDS[kind]
  const likesTable = sql.table(table)
  const likedColumn = sql.ref(column)
  const visible = visibleSql('target', sql.ref('i.user_id'))
  // visibleSql reads target.visibility, target.moderation and target.user_id: the post's, under these names.
  const targetAsPost = sql`select id, post_user_id as user_id, visibility, moderation, post_id, likes_count, user_id as author_id from targets`

  return {
    /**
     * Sets likes of posts or comments their users may see, any number in one statement (a like is
     * a hot write path, and each round trip costs more than the work): lock the liked rows in id
     * order, insert or delete the like rows, and move each counter by the rows that changed, so
     * counters always equal the rows. Answers, per like asked, the liked content's author and
     * post, the counter after the statement and whether this like changed anything; a like of
     * content not there for its user is missing (undefined).
     */
    async set(likes: readonly Like[], liked: boolean): Promise<(LikeRow | undefined)[]> {
      if (likes.length === 0) return []
      // Arrays, not a row of values per like: one statement text for any number of likes (named
      // once per connection, db/prepared.ts).
      const users = sql.val(likes.map((like) => like.userId))
      const targetIds = sql.val(likes.map((like) => like.targetId))
      const change = liked
        ? sql`insert into ${likesTable} (user_id, ${likedColumn}) select user_id, target_id from allowed
              on conflict do nothing returning user_id, ${likedColumn} as target_id`
        : sql`delete from ${likesTable} l using allowed a where l.user_id = a.user_id and l.${likedColumn} = a.target_id
              returning l.user_id, l.${likedColumn} as target_id`
      const { rows } = await sql<LikeRow & { n: number }>`
        with input (user_id, target_id, n) as (
          select user_id, target_id, (n - 1)::int
          from unnest(${users}::uuid[], ${targetIds}::uuid[]) with ordinality as i(user_id, target_id, n)
        ),
        targets as materialized (${targets}),
        target as (${targetAsPost}),
        allowed as (
          select distinct i.user_id, i.target_id from input i join target on target.id = i.target_id
          where ${visible}
        ),
        changed as (${change}),
        counted as (
          update ${sql.table(counter)} c set likes_count = greatest(c.likes_count + ${liked ? 1 : -1} * moved.n, 0)
          from (select target_id, count(*)::int as n from changed group by target_id) moved
          where c.id = moved.target_id
          returning c.id, c.likes_count
        )
        select i.n, target.author_id as user_id, target.post_id,
               coalesce(counted.likes_count, target.likes_count) as likes_count,
               exists (select 1 from changed c where c.user_id = i.user_id and c.target_id = i.target_id) as changed
        from input i
        join target on target.id = i.target_id and ${visible}
        left join counted on counted.id = i.target_id
        order by i.n`.execute(db)
      const answers: (LikeRow | undefined)[] = likes.map(() => undefined)
      for (const { n, ...row } of rows) answers[n] = row
      return answers
    },

    /**
     * Locks the liked row for the rest of the transaction (a toggle reads the current state under
     * it, so toggles of one post or comment take turns) and answers whether `userId` may see it.
     */
    async lockVisible(userId: string, targetId: string): Promise<boolean> {
      const { rows } = await sql<{ visible: boolean }>`
        with input (user_id, target_id) as (values (${userId}::uuid, ${targetId}::uuid)),
        targets as materialized (${targets}),
        target as (${targetAsPost})
        select ${visible} as visible from input i join target on target.id = i.target_id`.execute(db)
      return rows[0]?.visible === true
    },

    /** Which of these (user, post or comment) pairs are likes, in one query. */
    async likedPairs(pairs: readonly { userId: string; targetId: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set()
      const { rows } = await sql<{ user_id: string; id: string }>`
        select l.user_id, l.${likedColumn} as id from ${likesTable} l
        join unnest(${sql.val(pairs.map((pair) => pair.userId))}::uuid[], ${sql.val(pairs.map((pair) => pair.targetId))}::uuid[]) as v(user_id, id)
          on l.user_id = v.user_id and l.${likedColumn} = v.id`.execute(db)
      return new Set(rows.map((row) => `${row.user_id} ${row.id}`))
    },

    /** Which of `targetIds` the user likes. */
    async likedAmong(userId: string, targetIds: readonly string[]): Promise<Set<string>> {
      if (targetIds.length === 0) return new Set()
      const { rows } = await sql<{ id: string }>`
        select ${likedColumn} as id from ${likesTable}
        where user_id = ${userId} and ${likedColumn} = any(${sql.val([...targetIds])}::uuid[])`.execute(db)
      return new Set(rows.map((row) => row.id))
    },
  }
}
