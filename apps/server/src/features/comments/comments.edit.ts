import type { CommentEditRequest, CommentRevisionsResponse, CommentView } from '@agora/contract'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { EditConflictError, NotFoundError } from '../../http/errors'
import {
  authorize,
  type ContributionGuard,
  canReadComment,
  canSeeHistory,
  type Reader,
  viewerOf,
  visibleOr404,
} from '../../policy/index'
import { madeBy, revisionsStore } from '../revisions/index'
import { normalizeContent } from './comments.rules'
import { commentsStore } from './comments.store'

export const COMMENT_CHANGED_MEANWHILE = 'This comment was changed meanwhile: compare it with your edit'

/**
 * Editing a comment's text; the text replaced is kept as a revision. `view` draws the comment as
 * the viewer sees it (the answer, and a conflict's `current`).
 */
export function commentEditing(
  db: Db,
  events: EventBus,
  guard: ContributionGuard,
  view: (viewerId: string, id: string) => Promise<CommentView>,
) {
  /**
   * The comment whose history `reader` may read: its post's history is theirs to see
   * (canSeeHistory), and its text too (canReadComment); 404 otherwise.
   */
  async function readableComment(reader: Reader | null, id: string) {
    const store = commentsStore(db)
    const comment = isId(id) ? await store.findComment(id) : undefined
    const post = comment && (await store.findPost(comment.post_id))
    if (!comment || !post || !canSeeHistory(post, reader)) throw new NotFoundError('comment_not_found')
    if (!canReadComment(comment, reader))
      throw new NotFoundError(comment.moderation === 'hidden' ? 'comment_hidden' : 'comment_removed')
    return comment
  }

  return {
    /**
     * Applies an edit with the post and then the comment row locked (the order every comment write
     * takes), so two edits from one base revision take turns and the second gets 409.
     */
    async edit(viewerId: string, id: string, request: CommentEditRequest): Promise<CommentView> {
      const content = normalizeContent(request.content)
      const outcome = await db.transaction().execute(async (trx) => {
        const tx = commentsStore(trx)
        const found = isId(id) ? await tx.findComment(id) : undefined
        if (!found) throw new NotFoundError('comment_not_found')
        const post = visibleOr404(await tx.lockPost(found.post_id), viewerId, 'comment_not_found')
        const comment = await tx.lockComment(id)
        if (!comment) throw new NotFoundError('comment_not_found')
        authorize(viewerOf(viewerId), 'comment.edit', comment)
        if (request.base_revision !== undefined && request.base_revision !== comment.revision)
          return 'conflict'
        if (content === comment.content) return 'unchanged'
        await guard(trx, {
          kind: 'comment',
          edit: true,
          authorId: comment.user_id,
          text: content,
          postAuthorId: post.user_id,
          parentAuthorId: comment.parent_id
            ? ((await tx.findComment(comment.parent_id))?.user_id ?? null)
            : null,
        })

        const kept = {
          comment_id: id,
          revision: comment.revision,
          content: comment.content,
          ...madeBy(comment),
        }
        await tx.saveEdit(id, kept, content, viewerId)
        await events.raise(trx, 'comment.edited', [
          {
            commentId: id,
            postId: comment.post_id,
            authorId: comment.user_id,
            editorId: viewerId,
            revision: comment.revision + 1,
            text: content,
          },
        ])
        return 'saved'
      })
      const current = await view(viewerId, id)
      if (outcome === 'conflict') throw new EditConflictError(COMMENT_CHANGED_MEANWHILE, current)
      return current
    },

    /** Every revision, oldest first, the current one last; seen by whoever may read the comment. */
    async revisions(reader: Reader | null, id: string): Promise<CommentRevisionsResponse> {
      await readableComment(reader, id)
      const items = await revisionsStore(db).commentHistory(id)
      if (items.length === 0) throw new NotFoundError('comment_not_found')
      return { items }
    },
  }
}
