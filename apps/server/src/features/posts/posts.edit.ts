import type { PostDetailResponse, PostEditRequest, PostRevisionsResponse } from '@agora/contract'
import { type Insertable, sql } from 'kysely'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { PostRevisionsTable } from '../../db/schema'
import type { EventBus } from '../../events/index'
import { EditConflictError, NotFoundError } from '../../http/errors'
import {
  authorize,
  type ContributionGuard,
  canSeeHistory,
  canSeePrivateEra,
  postDeleted,
  type Reader,
  viewerOf,
  wasDeleted,
} from '../../policy/index'
import { analysisJobInsert, PENDING_ANALYSIS_TEXT } from '../analysis/index'
import { madeBy, revisionsStore, sameValue } from '../revisions/index'
import { EDITABLE_FIELDS, type EditableFields, postText, validatePostEdit } from './posts.validation'

export const POST_CHANGED_MEANWHILE = 'This post was changed meanwhile: compare it with your edit'

/** The fields whose change makes the analysis stale. */
const ANALYSED_FIELDS = new Set(['title', 'summary', 'content'])

/** What an edit reads and writes of the posts table. */
function editStore(db: Db) {
  return {
    /** What an edit reads of a post, row-locked (FOR UPDATE) until the edit's transaction ends. */
    lockForEdit(id: string) {
      return db
        .selectFrom('posts')
        .select([
          'id',
          'user_id',
          ...EDITABLE_FIELDS,
          'moderation',
          'revision',
          'created_at',
          'edited_at',
          'edited_by',
          'private_history_shared_at',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    /**
     * Writes an edit in one statement (each round trip of the transaction is another wait for the
     * event loop under load, with the row locked): `kept`, the revision replaced; the changed
     * fields as the next revision, made by `editorId` now; and when the analysed text changed, the
     * analysis queued (`analysisJobInsert`) and the post's marked pending. Only the fields that
     * changed are set: the search document is made again only when its text changed.
     */
    async saveEdit(
      id: string,
      kept: Insertable<PostRevisionsTable>,
      fields: Partial<EditableFields>,
      editorId: string,
      analysed: boolean,
      sharePrivateHistory: boolean,
    ) {
      const now = new Date()
      await db
        .with('kept', () => revisionsStore(db).postRevisionInsert(kept))
        // The analysis queued, or nothing when the analysed text did not change.
        .with('job', () => (analysed ? analysisJobInsert(db, id) : db.selectNoFrom(sql.lit(null).as('id'))))
        .updateTable('posts')
        .set({ ...fields, revision: kept.revision + 1, edited_at: now, edited_by: editorId, updated_at: now })
        .$if(analysed, (update) => update.set({ ai_analysis: PENDING_ANALYSIS_TEXT }))
        .$if(sharePrivateHistory, (update) => update.set({ private_history_shared_at: now }))
        .where('id', '=', id)
        .execute()
    },

    /** The author shares the post's private history without changing anything else. */
    async sharePrivateHistory(id: string) {
      await db
        .updateTable('posts')
        .set({ private_history_shared_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /** What the rules of a post's history read: who may see it, and what of its private past. */
    historyAccess(id: string) {
      return db
        .selectFrom('posts')
        .select(['id', 'user_id', 'visibility', 'moderation', 'private_history_shared_at'])
        .where('id', '=', id)
        .executeTakeFirst()
    },
  }
}

/**
 * Editing a post: the author changes its text, tags or visibility; the values replaced are kept as
 * a revision. `detail` draws the post as the viewer sees it (the answer, and a conflict's `current`).
 */
export function postEditing(
  db: Db,
  events: EventBus,
  guard: ContributionGuard,
  detail: (viewerId: string, id: string) => Promise<PostDetailResponse>,
) {
  return {
    /**
     * Applies an edit in one transaction with the post row locked, so two edits from the same base
     * revision take turns and the second finds the revision moved on (409 with the current post).
     * Nothing changed: the post as it is, no new revision. Edits never earn rewards, never move
     * `hot_score`, and re-queue the analysis when the analysed text changed.
     */
    async edit(viewerId: string, id: string, request: PostEditRequest): Promise<PostDetailResponse> {
      if (!isId(id)) throw new NotFoundError('post_not_found')
      const outcome = await db.transaction().execute(async (trx) => {
        const store = editStore(trx)
        const post = authorize(viewerOf(viewerId), 'post.edit', await store.lockForEdit(id))
        if (request.base_revision !== undefined && request.base_revision !== post.revision) return 'conflict'
        const next = validatePostEdit(post, request)
        const changed = EDITABLE_FIELDS.filter((field) => !sameValue(post[field], next[field]))
        // Sharing the private history counts only for a post that is public after the edit.
        const share = request.share_private_history === true && next.visibility === 'public'
        if (changed.length === 0) {
          if (share) await store.sharePrivateHistory(id)
          return 'unchanged'
        }

        const text = postText(next)
        await guard(trx, { kind: 'post', edit: true, authorId: post.user_id, text })
        const revision = post.revision + 1
        const analysed = changed.some((field) => ANALYSED_FIELDS.has(field))
        const fields = Object.fromEntries(changed.map((field) => [field, next[field]]))
        const kept = {
          post_id: id,
          revision: post.revision,
          title: post.title,
          summary: post.summary,
          content: post.content,
          tags: post.tags,
          visibility: post.visibility,
          ...madeBy(post),
        }
        await store.saveEdit(id, kept, fields, viewerId, analysed, share)
        await events.raise(trx, 'post.edited', [
          {
            postId: id,
            authorId: post.user_id,
            editorId: viewerId,
            revision,
            changed,
            visibility: next.visibility,
            text,
            content: next.content,
          },
        ])
        return 'saved'
      })
      const current = await detail(viewerId, id)
      if (outcome === 'conflict') throw new EditConflictError(POST_CHANGED_MEANWHILE, current)
      return current
    },

    /**
     * Every revision the reader may see, oldest first, the current one last: the post's history
     * when they may see it (canSeeHistory), without what was written while it was private unless
     * they may see that too (canSeePrivateEra).
     */
    async revisions(reader: Reader | null, id: string): Promise<PostRevisionsResponse> {
      const post = isId(id) ? await editStore(db).historyAccess(id) : undefined
      if (!post && (await wasDeleted(db, id))) throw postDeleted()
      if (!post || !canSeeHistory(post, reader)) throw new NotFoundError('post_not_found')
      const items = await revisionsStore(db).postHistory(id)
      if (items.length === 0) throw new NotFoundError('post_not_found')
      return {
        items: items.filter(
          (item) => item.visibility !== 'private' || canSeePrivateEra(post, item.created_at, reader),
        ),
      }
    },
  }
}
