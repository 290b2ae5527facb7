import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/index'
import type { OffsetPage } from '../../db/paging'
import type { CommentRevisionsTable, CommentRow, NewComment } from '../../db/schema'
import { readPostAccess } from '../../policy/index'
import { revisionsStore } from '../revisions/index'

/** A comment with the name and avatar of its author, as lists show it. */
export type CommentWithAuthor = CommentRow & { username: string; nickname: string; avatar: string }

/** A comment of a user's own list, with the title of its post. */
export type UserCommentRow = CommentRow & { post_title: string }

/** The counters a comment write moves: a post's comments, a comment's replies. */
type Counter = ['posts', 'comments_count'] | ['comments', 'reply_count']

/** Adds `delta` to a row's counter, never taking it below zero. */
function addToCounter(db: Db, [table, column]: Counter, id: string, delta: number) {
  const counter = sql.ref(column)
  const update = sql`update ${sql.table(table)} set ${counter} = greatest(${counter} + ${delta}, 0) where id = ${id}`
  return update.execute(db)
}

/** What the comment rules need to know about a post. */
export interface PostForComments {
  id: string
  user_id: string
  visibility: string
  moderation: string | null
}

/** Every column but the search vector, which is for the index only. */
const COLUMNS = [
  'comments.id',
  'comments.post_id',
  'comments.user_id',
  'comments.parent_id',
  'comments.root_id',
  'comments.level',
  'comments.content',
  'comments.likes_count',
  'comments.reply_count',
  'comments.created_at',
  'comments.revision',
  'comments.edited_at',
  'comments.edited_by',
  'comments.post_version',
  'comments.moderation',
  'comments.moderation_reason',
  'comments.moderated_at',
  'comments.review_requested_at',
  'comments.anchor_cid',
  'comments.anchor_kind',
  'comments.anchor_page',
  'comments.anchor_exact',
  'comments.anchor_prefix',
  'comments.anchor_suffix',
  'comments.anchor_start',
  'comments.anchor_end',
  'comments.deleted_at',
] as const

export function commentsStore(db: Db) {
  const withAuthor = () =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select(COLUMNS)
      .select(['users.username', 'users.nickname', 'users.avatar'])
  /** The comment `id` unless it is a placeholder left for its replies. */
  const standing = (id: string) =>
    db.selectFrom('comments').select(COLUMNS).where('id', '=', id).where('deleted_at', 'is', null)

  return {
    findPost(postId: string): Promise<PostForComments | undefined> {
      return readPostAccess(db, postId)
    },

    /** The post, row-locked for the rest of the transaction: comment writes on one post take turns. */
    lockPost(postId: string): Promise<PostForComments | undefined> {
      return readPostAccess(db, postId, { lock: true })
    },

    addToPostCommentCount(postId: string, delta: number) {
      return addToCounter(db, ['posts', 'comments_count'], postId, delta)
    },

    /** A comment that is there: a placeholder left for its replies is not (it cannot be edited or replied to). */
    findComment(id: string): Promise<CommentRow | undefined> {
      return standing(id).executeTakeFirst()
    },

    findCommentWithAuthor(id: string): Promise<CommentWithAuthor | undefined> {
      return withAuthor().where('comments.id', '=', id).executeTakeFirst()
    },

    lockComment(id: string): Promise<CommentRow | undefined> {
      return standing(id).forNoKeyUpdate().executeTakeFirst()
    },

    /** The placeholder `id`, row-locked, when its last reply went: then it goes too. */
    lockBarePlaceholder(id: string): Promise<{ id: string; parent_id: string | null } | undefined> {
      return db
        .selectFrom('comments')
        .select(['id', 'parent_id'])
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .where('reply_count', '=', 0)
        .forNoKeyUpdate()
        .executeTakeFirst()
    },

    /**
     * Empties the comment into a placeholder that keeps its id and place for its replies: no text,
     * no likes, no earlier revisions.
     */
    async leavePlaceholder(id: string) {
      await db.deleteFrom('comment_likes').where('comment_id', '=', id).execute()
      await db.deleteFrom('comment_revisions').where('comment_id', '=', id).execute()
      await db
        .updateTable('comments')
        .set({ deleted_at: new Date(), content: '', likes_count: 0 })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Writes an edit in one statement: `kept`, the revision replaced, and the text as the next
     * revision, made by `editorId` now.
     */
    async saveEdit(id: string, kept: Insertable<CommentRevisionsTable>, content: string, editorId: string) {
      await db
        .with('kept', () => revisionsStore(db).commentRevisionInsert(kept))
        .updateTable('comments')
        .set({ content, revision: kept.revision + 1, edited_at: new Date(), edited_by: editorId })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Writes a comment and counts it on its post (and on its parent, for a reply) in one
     * statement, and answers it as lists show it: a comment's write is a hot path, and each round
     * trip of its transaction is another wait for the event loop with the post locked.
     */
    async addComment(comment: NewComment): Promise<CommentWithAuthor> {
      return (
        db
          .with('added', (q) => q.insertInto('comments').values(comment).returning(COLUMNS))
          .with('counted', (q) =>
            q
              .updateTable('posts')
              .set({ comments_count: sql`comments_count + 1` })
              .where('id', '=', comment.post_id)
              .returning('id'),
          )
          // A top-level comment has no parent: no row matches.
          .with('replied', (q) =>
            q
              .updateTable('comments')
              .set({ reply_count: sql`reply_count + 1` })
              .where(sql<boolean>`id = ${comment.parent_id ?? null}::uuid`)
              .returning('id'),
          )
          .selectFrom('added')
          .innerJoin('users', 'users.id', 'added.user_id')
          .selectAll('added')
          .select(['users.username', 'users.nickname', 'users.avatar'])
          .executeTakeFirstOrThrow()
      )
    },

    addToReplyCount(commentId: string, delta: number) {
      return addToCounter(db, ['comments', 'reply_count'], commentId, delta)
    },

    /** One page of a post's top-level comments, newest first (only those anchored to `anchorCid` when given). */
    listTopLevel(
      postId: string,
      skip: number,
      limit: number,
      anchorCid?: string,
    ): Promise<CommentWithAuthor[]> {
      let query = withAuthor().where('comments.post_id', '=', postId).where('comments.parent_id', 'is', null)
      if (anchorCid !== undefined) query = query.where('comments.anchor_cid', '=', anchorCid)
      return query
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute()
    },

    /** Every top-level comment of a post anchored into one of its files, oldest first (the post's CAR export). */
    listAnchored(postId: string): Promise<CommentWithAuthor[]> {
      return withAuthor()
        .where('comments.post_id', '=', postId)
        .where('comments.parent_id', 'is', null)
        .where('comments.anchor_cid', 'is not', null)
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc')
        .execute()
    },

    /** Every reply in the threads of the given top-level comments. */
    listReplies(rootIds: string[]): Promise<CommentWithAuthor[]> {
      if (rootIds.length === 0) return Promise.resolve([])
      return withAuthor().where('comments.root_id', 'in', rootIds).execute()
    },

    /** Deletes the comment (one without replies) with its likes and revisions, by the foreign keys. */
    deleteComment(id: string) {
      return db.deleteFrom('comments').where('id', '=', id).execute()
    },

    /**
     * A user's own comments with the title of each post (every post: the list is the author's own), in
     * the list's order (time or likes, each way) and optionally only on posts of one media type.
     */
    listByUser(userId: string, page: OffsetPage): Promise<UserCommentRow[]> {
      const direction = page.order.direction
      let query = db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select(COLUMNS)
        .select('posts.title as post_title')
        .where('comments.user_id', '=', userId)
        .where('comments.deleted_at', 'is', null)
      if (page.mediaType) query = query.where('posts.media_type', '=', page.mediaType)
      if (page.order.key === 'hot') query = query.orderBy('comments.likes_count', direction)
      return query
        .orderBy('comments.created_at', direction)
        .orderBy('comments.id', direction)
        .offset(page.skip)
        .limit(page.limit)
        .execute()
    },
  }
}
export type CommentsStore = ReturnType<typeof commentsStore>
