import type { NotificationKindName } from '@agora/contract'
import { sql } from 'kysely'
import { oneOfIds } from '../../db/ids'
import type { Db } from '../../db/index'
import { visibleSql } from '../../policy/index'

/** Where the list resumes: the last item of the previous page. */
export interface ListCursor {
  updatedAt: Date
  id: string
}

export interface NotificationListRow {
  id: string
  kind: NotificationKindName
  read_at: Date | null
  updated_at: Date
  actors_count: number
  actor_id: string | null
  actor_username: string | null
  actor_nickname: string | null
  actor_avatar: string | null
  post_id: string | null
  post_title: string | null
  post_text: string | null
  comment_id: string | null
  comment_text: string | null
  excerpt: string
  tag: string | null
  data: Record<string, unknown>
}

/** What a user reads of their notifications: the list, a live stream's catch-up, marks and settings. */
export function inboxStore(db: Db) {
  /**
   * A user's notifications with what they show (actor, post, comment). Those about someone else's
   * private post are never shown (they are removed when a post turns private; this is the second lock).
   */
  const shown = (userId: string) =>
    db
      .selectFrom('notifications as n')
      .leftJoin('users as actor', 'actor.id', 'n.actor_id')
      .leftJoin('posts as p', 'p.id', 'n.post_id')
      .leftJoin('comments as cm', 'cm.id', 'n.comment_id')
      .select([
        sql<string>`n.id::text`.as('id'),
        sql<NotificationKindName>`n.kind`.as('kind'),
        'n.read_at',
        'n.updated_at',
        'n.actors_count',
        'n.actor_id',
        'actor.username as actor_username',
        'actor.nickname as actor_nickname',
        'actor.avatar as actor_avatar',
        'n.post_id',
        'p.title as post_title',
        sql<string | null>`left(p.content, 1000)`.as('post_text'),
        'n.comment_id',
        sql<string | null>`left(cm.content, 1000)`.as('comment_text'),
        'n.excerpt',
        'n.tag',
        'n.data',
      ])
      .where('n.user_id', '=', userId)
      .where((eb) => eb.or([eb('n.post_id', 'is', null), visibleSql('p', sql`${userId}::uuid`)]))

  return {
    /**
     * A page of a user's notifications, latest activity first. Those about someone else's private
     * post are never listed (they are removed when a post turns private; this is the second lock).
     */
    list(userId: string, cursor: ListCursor | null, limit: number): Promise<NotificationListRow[]> {
      let query = shown(userId)
      if (cursor) {
        query = query.where(sql<boolean>`(n.updated_at, n.id) < (${cursor.updatedAt}, ${cursor.id}::bigint)`)
      }
      return query.orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute()
    },

    /** For a live stream: the user's notifications made after `afterId` (oldest first), or the one named. */
    since(userId: string, afterId: string, limit: number): Promise<NotificationListRow[]> {
      return shown(userId)
        .where(sql<boolean>`n.id > ${afterId}::bigint`)
        .orderBy('n.id', 'asc')
        .limit(limit)
        .execute()
    },

    one(userId: string, id: string): Promise<NotificationListRow | undefined> {
      return shown(userId).where(sql<boolean>`n.id = ${id}::bigint`).executeTakeFirst()
    },

    /** The unread counts of these users (those with none left out), in one query. */
    async unreadOf(userIds: readonly string[]): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('notifications')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('unread')])
        .where(oneOfIds('user_id', userIds))
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute()
      return new Map(rows.map((row) => [row.user_id, Number(row.unread)]))
    },

    async unread(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('unread'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.unread)
    },

    /** Marks the user's notifications read: the named ones (others' ids do nothing), or all; answers how many. */
    async markRead(userId: string, ids: readonly string[] | 'all'): Promise<number> {
      if (ids !== 'all' && ids.length === 0) return 0
      let query = db
        .updateTable('notifications')
        .set({ read_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
      if (ids !== 'all') query = query.where(sql<boolean>`id = any(${sql.val([...ids])}::bigint[])`)
      const [marked] = await query.execute()
      return Number(marked?.numUpdatedRows ?? 0)
    },

    async disabledKinds(userId: string): Promise<string[]> {
      const row = await db
        .selectFrom('notification_settings')
        .select('disabled')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row?.disabled ?? []
    },

    /** Turns kinds on and off in one statement (two changes at once both stand). */
    async switchKinds(userId: string, on: readonly string[], off: readonly string[]) {
      await sql`
        insert into notification_settings (user_id, disabled) values (${userId}, ${sql.val([...off])}::text[])
        on conflict (user_id) do update set
          disabled = array(
            select distinct kind from unnest(notification_settings.disabled || ${sql.val([...off])}::text[]) kind
            where kind <> all(${sql.val([...on])}::text[])
            order by kind
          ),
          updated_at = now()
      `.execute(db)
    },
  }
}
