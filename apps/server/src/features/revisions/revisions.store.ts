import type { CommentRevision, PostRevision } from '@agora/contract'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { CommentRevisionsTable, PostRevisionsTable } from '../../db/schema'

/** A revision row as the API shows it: the editor's name ('' once the account is gone), ISO times. */
function present<Row extends { editor_name: string | null; created_at: Date }>(
  row: Row,
): Omit<Row, 'editor_name' | 'created_at'> & { editor_name: string; created_at: string } {
  return { ...row, editor_name: row.editor_name ?? '', created_at: new Date(row.created_at).toISOString() }
}

/** Who made the current revision of the row aliased `t`: its author until edited, then its last editor. */
const currentEditor = sql<
  string | null
>`case when t.revision = 1 or t.edited_at is null then t.user_id else t.edited_by end`

export function revisionsStore(db: Db) {
  /**
   * The revisions of one post or comment, oldest first, the current one (read first) last: the
   * kept rows are those before it, so an edit landing between the two reads changes nothing seen.
   */
  async function history<Row extends { revision: number }>(
    current: Promise<Row | undefined>,
    kept: (before: number) => Promise<Row[]>,
  ): Promise<Row[]> {
    const now = await current
    return now ? [...(await kept(now.revision)), now] : []
  }

  return {
    appendPost(row: Insertable<PostRevisionsTable>): Promise<unknown> {
      return db.insertInto('post_revisions').values(row).execute()
    },

    appendComment(row: Insertable<CommentRevisionsTable>): Promise<unknown> {
      return db.insertInto('comment_revisions').values(row).execute()
    },

    /** Every revision of a post, oldest first, the current one last ([] when there is no such post). */
    postHistory(postId: string): Promise<PostRevision[]> {
      const current = db
        .selectFrom('posts as t')
        .leftJoin('users', (join) => join.on(sql`users.id`, '=', currentEditor))
        .select(['t.revision', 't.title', 't.summary', 't.content', 't.tags', 't.visibility'])
        .select([
          currentEditor.as('editor_id'),
          sql<Date>`coalesce(t.edited_at, t.created_at)`.as('created_at'),
          'users.username as editor_name',
        ])
        .where('t.id', '=', postId)
        .executeTakeFirst()
      return history(
        current.then((row) => row && present(row)),
        (before) => listPost(postId, before),
      )
    },

    /** Every revision of a comment, oldest first, the current one last ([] when there is no such comment). */
    commentHistory(commentId: string): Promise<CommentRevision[]> {
      const current = db
        .selectFrom('comments as t')
        .leftJoin('users', (join) => join.on(sql`users.id`, '=', currentEditor))
        .select(['t.revision', 't.content'])
        .select([
          currentEditor.as('editor_id'),
          sql<Date>`coalesce(t.edited_at, t.created_at)`.as('created_at'),
          'users.username as editor_name',
        ])
        .where('t.id', '=', commentId)
        .executeTakeFirst()
      return history(
        current.then((row) => row && present(row)),
        (before) => listComment(commentId, before),
      )
    },
  }

  async function listPost(postId: string, before: number): Promise<PostRevision[]> {
    const rows = await db
      .selectFrom('post_revisions')
      .leftJoin('users', 'users.id', 'post_revisions.editor_id')
      .select([
        'post_revisions.revision',
        'post_revisions.title',
        'post_revisions.summary',
        'post_revisions.content',
        'post_revisions.tags',
        'post_revisions.visibility',
        'post_revisions.editor_id',
        'post_revisions.created_at',
        'users.username as editor_name',
      ])
      .where('post_revisions.post_id', '=', postId)
      .where('post_revisions.revision', '<', before)
      .orderBy('post_revisions.revision')
      .execute()
    return rows.map((row) => present(row))
  }

  async function listComment(commentId: string, before: number): Promise<CommentRevision[]> {
    const rows = await db
      .selectFrom('comment_revisions')
      .leftJoin('users', 'users.id', 'comment_revisions.editor_id')
      .select([
        'comment_revisions.revision',
        'comment_revisions.content',
        'comment_revisions.editor_id',
        'comment_revisions.created_at',
        'users.username as editor_name',
      ])
      .where('comment_revisions.comment_id', '=', commentId)
      .where('comment_revisions.revision', '<', before)
      .orderBy('comment_revisions.revision')
      .execute()
    return rows.map((row) => present(row))
  }
}
