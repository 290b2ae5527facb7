import type { ModerationState } from '@agora/contract'

/** The moderation columns of a post or a comment (migration 0014). */
export interface ModeratedRow {
  moderation: 'hidden' | 'removed' | null
  moderation_reason: string
  moderated_at: Date | null
  review_requested_at: Date | null
}

/**
 * Where a post or comment stands with the moderators, as its views carry it: undefined when nobody
 * moderated it (the field is left out). `withReason` is for its author and moderators; others learn
 * only that it was hidden or removed.
 */
/** What a restored (or never moderated) post or comment's state reads as. */
export const VISIBLE: ModerationState = { state: 'visible', reason: '', at: null, review_requested: false }

export function moderationState(row: ModeratedRow, withReason: boolean): ModerationState | undefined {
  if (row.moderation === null) return undefined
  return {
    state: row.moderation,
    reason: withReason ? row.moderation_reason : '',
    at: row.moderated_at?.toISOString() ?? null,
    review_requested: row.review_requested_at !== null,
  }
}

/** A suspension's end while it lasts; null once it is over (or when there is none). */
export function activeSuspension(until: Date | null, now = new Date()): Date | null {
  return until && until.getTime() > now.getTime() ? until : null
}
