/**
 * How one comment shows to the reader, pure so it is unit tested: as itself, as the
 * place a moderator took it from, or folded because the reader blocked its author.
 */
import type { CommentView, ModerationState } from '@agora/contract'

export type CommentDisplay =
  | { kind: 'shown'; moderation: ModerationState | null }
  | { kind: 'tombstone'; moderation: ModerationState }
  | { kind: 'blocked' }
  /** Deleted by its author while it had replies: a placeholder above them. */
  | { kind: 'deleted' }

export function commentDisplay(
  comment: CommentView,
  viewerId: string | null,
  blockedAuthors: ReadonlySet<string>,
): CommentDisplay {
  if (comment.deleted) return { kind: 'deleted' }
  const isOwner = viewerId !== null && viewerId === comment.userId
  const moderation = comment.moderation && comment.moderation.state !== 'visible' ? comment.moderation : null
  // Others get no reason and no text, only the place in the thread; its author and moderators get the reason.
  if (moderation && !isOwner && !moderation.reason) return { kind: 'tombstone', moderation }
  if (!isOwner && blockedAuthors.has(comment.userId)) return { kind: 'blocked' }
  return { kind: 'shown', moderation }
}
