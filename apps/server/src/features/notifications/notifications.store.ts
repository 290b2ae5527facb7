import type { NotificationKindName } from '@agora/contract'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import { deliverable } from './notifications.policy'

/** A notification to write, if the rules allow it (notifications.policy.ts). */
export interface Draft {
  userId: string
  kind: NotificationKindName
  actorId: string | null
  postId: string | null
  commentId: string | null
  /** One notification per recipient and key: a second draft with the same key writes nothing. */
  groupKey: string
  excerpt?: string
  tag?: string | null
  data?: Record<string, unknown>
}

/** A like to count into the recipient's entry for its target and day. */
export interface LikeDraft {
  userId: string
  actorId: string
  postId: string
  commentId: string | null
  groupKey: string
}

/** A notification just written (or an aggregated one that just moved up). */
export interface Written {
  id: string
  user_id: string
  kind: string
}

/** Candidate rows from a JSON array, typed as the notifications table types them. */
const candidates = (rows: unknown[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(
  user_id uuid, kind text, actor_id uuid, post_id uuid, comment_id uuid, group_key text,
  excerpt text, tag text, data jsonb, ord integer
)`

export function notificationsStore(db: Db) {
  return {
    /** Writes the drafts the rules allow, each key once per recipient; answers what was written. */
    async write(drafts: readonly Draft[]): Promise<Written[]> {
      if (drafts.length === 0) return []
      const rows = drafts.map((d, ord) => ({
        user_id: d.userId,
        kind: d.kind,
        actor_id: d.actorId,
        post_id: d.postId,
        comment_id: d.commentId,
        group_key: d.groupKey,
        excerpt: d.excerpt ?? '',
        tag: d.tag ?? null,
        data: d.data ?? {},
        ord,
      }))
      const { rows: written } = await sql<Written>`
        insert into notifications (user_id, kind, actor_id, post_id, comment_id, group_key, excerpt, tag, data)
        select c.user_id, c.kind, c.actor_id, c.post_id, c.comment_id, c.group_key, c.excerpt, c.tag, c.data
        from ${candidates(rows)}
        where ${deliverable('c')}
        order by c.ord
        on conflict (user_id, group_key) do nothing
        returning id::text, user_id, kind
      `.execute(db)
      return written
    },

    /**
     * Counts likes into their recipients' entries (one per target and UTC day, `groupKey`): a new
     * entry, or the day's entry with one more person, its latest actor, moved up and unread again.
     * Someone already counted for the target (on any day: a like, an unlike and a like again)
     * counts no more. One statement for the whole batch.
     */
    async addLikes(likes: readonly LikeDraft[]): Promise<Written[]> {
      if (likes.length === 0) return []
      const rows = likes.map((like, ord) => ({
        user_id: like.userId,
        kind: 'like',
        actor_id: like.actorId,
        post_id: like.postId,
        comment_id: like.commentId,
        group_key: like.groupKey,
        ord,
      }))
      const { rows: written } = await sql<Written>`
        with fresh as (
          select c.* from ${candidates(rows)}
          where ${deliverable('c')}
            and not exists (
              select 1 from notifications n
              join notification_actors a on a.notification_id = n.id and a.actor_id = c.actor_id
              where n.user_id = c.user_id and n.kind = 'like' and n.post_id = c.post_id
                and n.comment_id is not distinct from c.comment_id
            )
        ),
        grouped as (
          select user_id, group_key, post_id, comment_id, count(*)::integer as added,
            (array_agg(actor_id order by ord desc))[1] as latest
          from fresh group by user_id, group_key, post_id, comment_id
        ),
        upserted as (
          insert into notifications as n (user_id, kind, actor_id, post_id, comment_id, group_key, actors_count)
          select user_id, 'like', latest, post_id, comment_id, group_key, added from grouped
          on conflict (user_id, group_key) do update set
            actors_count = n.actors_count + excluded.actors_count,
            actor_id = excluded.actor_id,
            updated_at = date_trunc('milliseconds', now()),
            read_at = null
          returning n.id, n.user_id, n.group_key, n.kind
        ),
        counted as (
          insert into notification_actors (notification_id, actor_id)
          select u.id, f.actor_id from upserted u join fresh f using (user_id, group_key)
          on conflict do nothing
        )
        select id::text, user_id, kind from upserted
      `.execute(db)
      return written
    },

    /**
     * One batch of a post's fan-out to followers: the next `batch` followers (by id, after
     * `after`) of its author or of any of its tags, each once (as `followed_author` when they
     * follow the author, else `followed_tag` with the first tag they follow), less those who turned
     * that kind off; inserted in one statement, through the same rules as every notification.
     * Answers the last follower taken (null: none left) and what was written.
     */
    async fanOutBatch(
      post: { postId: string; authorId: string; tags: readonly string[] },
      after: string | null,
      batch: number,
    ): Promise<{ last: string | null; written: Written[] }> {
      const { rows } = await sql<{ last: string | null; written: Written[] }>`
        with followers as (
          select distinct on (f.follower_id) f.follower_id,
            case f.kind when 'user' then 'followed_author' else 'followed_tag' end as kind,
            case f.kind when 'tag' then f.target end as tag
          from follows f
          where ((f.kind = 'user' and f.target = ${post.authorId})
                 or (f.kind = 'tag' and f.target = any(${sql.val([...post.tags])}::text[])))
            and (${after}::uuid is null or f.follower_id > ${after}::uuid)
            and not exists (
              select 1 from notification_settings s
              where s.user_id = f.follower_id
                and (case f.kind when 'user' then 'followed_author' else 'followed_tag' end) = any(s.disabled)
            )
          order by f.follower_id, f.kind = 'tag', f.target
          limit ${batch}
        ),
        c as (
          select follower_id as user_id, kind, ${post.authorId}::uuid as actor_id,
            ${post.postId}::uuid as post_id, tag
          from followers
        ),
        written as (
          insert into notifications (user_id, kind, actor_id, post_id, group_key, tag)
          select c.user_id, c.kind, c.actor_id, c.post_id, ${`post:${post.postId}`}, c.tag from c
          where ${deliverable('c')}
          on conflict (user_id, group_key) do nothing
          returning id::text, user_id, kind
        )
        select (select max(follower_id::text) from followers) as last,
          (select coalesce(json_agg(w), '[]'::json) from written w) as written
      `.execute(db)
      const [{ last, written }] = rows
      return { last, written: typeof written === 'string' ? JSON.parse(written) : written }
    },

    /** Users by name, compared without case: lower-cased name → id. */
    async usersNamed(names: readonly string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map()
      const rows = await db
        .selectFrom('users')
        .select(['id', sql<string>`lower(username)`.as('name')])
        .where(sql`lower(username)`, 'in', [...new Set(names.map((name) => name.toLowerCase()))])
        .execute()
      return new Map(rows.map((row) => [row.name, row.id]))
    },

    /** What a new comment's notifications need: its text, its post's author and its parent's author. */
    commentsWithContext(ids: readonly string[]) {
      return db
        .selectFrom('comments as c')
        .innerJoin('posts as p', 'p.id', 'c.post_id')
        .leftJoin('comments as parent', 'parent.id', 'c.parent_id')
        .select([
          'c.id',
          'c.post_id',
          'c.user_id',
          'c.content',
          'c.revision',
          'p.user_id as post_author_id',
          'p.visibility',
          'parent.user_id as parent_author_id',
        ])
        .where('c.id', 'in', ids)
        .execute()
    },

    /** A post's text, author and visibility. */
    post: (id: string) =>
      db
        .selectFrom('posts')
        .select(['id', 'user_id', 'visibility', 'content'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A post's text and visibility at an earlier revision, as its edit history kept them. */
    postAt: (id: string, revision: number) =>
      db
        .selectFrom('post_revisions')
        .select(['content', 'visibility'])
        .where('post_id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst(),

    /** A comment's text at an earlier revision. */
    async commentTextAt(id: string, revision: number): Promise<string | null> {
      const row = await db
        .selectFrom('comment_revisions')
        .select('content')
        .where('comment_id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst()
      return row?.content ?? null
    },

    /** Why a claim failed, as the claim records it. */
    async claimFailure(claimId: string): Promise<string> {
      const row = await db
        .selectFrom('reward_claims')
        .select('failure')
        .where('id', '=', claimId)
        .executeTakeFirst()
      return row?.failure ?? ''
    },

    /** Forgets what others were told about a post that is now private. */
    async forgetPostForOthers(postId: string, authorId: string) {
      await db
        .deleteFrom('notifications')
        .where('post_id', '=', postId)
        .where('user_id', '<>', authorId)
        .execute()
    },
  }
}
