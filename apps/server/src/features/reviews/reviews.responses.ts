import type { ReviewResponseEdit, ReviewResponseRevisions, ReviewResponseView } from '@agora/contract'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import type { EventBus } from '../../events/index'
import { ConflictError, EditConflictError, NotFoundError } from '../../http/errors'
import { canReadReview, type Reader } from '../../policy/index'
import { reviewsStore } from './reviews.store'
import { invalid, refuseClosed, reviewLookup } from './reviews.views'

type ResponseRow = { content: string; revision: number; created_at: Date; edited_at: Date | null }

const toResponse = (row: ResponseRow): ReviewResponseView => ({
  content: row.content,
  revision: row.revision,
  created_at: row.created_at.toISOString(),
  edited_at: row.edited_at?.toISOString() ?? null,
})

/** The work's author's answer to a review: given once, edited like a comment, its history public. */
export function reviewResponses(db: Db, events: EventBus) {
  const reviewFor = reviewLookup(db)
  const told = (trx: Db, row: { id: string; post_id: string }, change: 'response' | 'response_edited') =>
    events.raise(trx, 'review.changed', [{ reviewId: row.id, postId: row.post_id, change }])
  const textOf = (content: string) => {
    const text = content.trim()
    if (!text) throw invalid('content', 'cannot be empty')
    return text
  }

  return {
    async respond(viewerId: string, id: string, content: string): Promise<ReviewResponseView> {
      const { row } = await reviewFor(viewerId, id, 'review.respond')
      refuseClosed(row)
      const text = textOf(content)
      return inTransaction(db, async (trx) => {
        const added = await reviewsStore(trx).addResponse(row.id, viewerId, text)
        if (!added) throw new ConflictError('review_response_exists')
        await told(trx, row, 'response')
        return toResponse(added)
      })
    },

    /** Applies an edit with the answer locked, so two edits from one base revision take turns. */
    async edit(viewerId: string, id: string, request: ReviewResponseEdit): Promise<ReviewResponseView> {
      const { row } = await reviewFor(viewerId, id, 'review.respond')
      refuseClosed(row)
      const text = textOf(request.content)
      const outcome = await inTransaction(db, async (trx) => {
        const tx = reviewsStore(trx)
        const locked = await tx.lockResponse(row.id)
        if (!locked) throw new NotFoundError('not_found', { detail: 'This review has no answer to edit yet' })
        if (request.base_revision !== locked.revision) return { conflict: toResponse(locked) }
        if (locked.content === text) return { saved: toResponse(locked) }
        const saved = await tx.saveResponseEdit({ ...locked, review_id: row.id }, text)
        await told(trx, row, 'response_edited')
        return { saved: toResponse(saved) }
      })
      if ('conflict' in outcome)
        throw new EditConflictError(
          'This answer was changed meanwhile: compare it with your edit',
          outcome.conflict,
        )
      return outcome.saved
    },

    /** Every revision of the answer, oldest first, the current one last; none for a placeholder. */
    async revisions(reader: Reader | null, id: string): Promise<ReviewResponseRevisions> {
      const { row } = await reviewFor(reader?.userId ?? null, id)
      if (row.withdrawn_at || !canReadReview(row, reader?.userId ?? null) || !row.response_created_at)
        return { items: [] }
      const kept = await reviewsStore(db).responseHistory(row.id)
      return {
        items: [
          ...kept.map((old) => ({
            revision: old.revision,
            content: old.content,
            created_at: old.created_at.toISOString(),
          })),
          {
            revision: row.response_revision ?? 1,
            content: row.response_content ?? '',
            created_at: (row.response_edited_at ?? row.response_created_at).toISOString(),
          },
        ],
      }
    },
  }
}
