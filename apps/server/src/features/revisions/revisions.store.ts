import type { CommentRevision, PostRevision } from '@agora/contract'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { CommentRevisionsTable, PostRevisionsTable } from '../../db/schema'

/** What is kept of each revision, by what is edited: its table, the kept rows' table, and the fields. */
const HISTORIES = {
  post: {
    table: 'posts',
    kept: 'post_revisions',
    key: 'post_id',
    fields: ['title', 'summary', 'content', 'tags', 'visibility'],
  },
  comment: { table: 'comments', kept: 'comment_revisions', key: 'comment_id', fields: ['content'] },
} as const

interface HistoryRow {
  revision: number
  editor_id: string | null
  editor_name: string | null
  created_at: Date | string
}

/**
 * The kept revisions of posts and comments: rows are appended by an edit and never changed; the
 * current revision is the post or comment itself.
 */
export function revisionsStore(db: Db) {
  /**
   * Every revision of one post or comment, oldest first, the current one last ([] when there is no
   * such row), read in one statement so an edit landing meanwhile is either wholly in or out. Who
   * made the current revision: its author until edited, then its last editor.
   */
  async function history(kind: keyof typeof HISTORIES, id: string) {
    const { table, kept, key, fields } = HISTORIES[kind]
    const columns = (alias: string) => sql.join(fields.map((field) => sql.ref(`${alias}.${field}`)))
    const { rows } = await sql<HistoryRow & Record<string, unknown>>`
      with current as (
        select t.revision, ${columns('t')},
          case when t.revision = 1 or t.edited_at is null then t.user_id else t.edited_by end as editor_id,
          coalesce(t.edited_at, t.created_at) as created_at
        from ${sql.table(table)} t where t.id = ${id}
      )
      select h.*, u.username as editor_name from (
        select r.revision, ${columns('r')}, r.editor_id, r.created_at
        from ${sql.table(kept)} r join current on r.revision < current.revision
        where ${sql.ref(`r.${key}`)} = ${id}
        union all
        select * from current
      ) h left join users u on u.id = h.editor_id
      order by h.revision
    `.execute(db)
    return rows.map((row) => ({
      ...row,
      editor_name: row.editor_name ?? '',
      created_at: new Date(row.created_at).toISOString(),
    }))
  }

  return {
    /**
     * The statement that keeps a post's revision, not yet run: the edit runs it inside its update of
     * the post (`with kept as (…) update posts …`, one round trip).
     */
    postRevisionInsert(row: Insertable<PostRevisionsTable>) {
      return db.insertInto('post_revisions').values(row).returning('revision')
    },

    /** The same for a comment's (`with kept as (…) update comments …`). */
    commentRevisionInsert(row: Insertable<CommentRevisionsTable>) {
      return db.insertInto('comment_revisions').values(row).returning('revision')
    },

    postHistory: (postId: string) => history('post', postId) as Promise<PostRevision[]>,
    commentHistory: (commentId: string) => history('comment', commentId) as Promise<CommentRevision[]>,
  }
}
