import type { CommentView } from '@agora/contract'
import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronDownIcon } from '../../ui/icons'
import { CommentItem } from './CommentItem'
import type { Thread } from './threads'

export interface CommentThreadProps {
  thread: Thread
  /** All replies shown; otherwise only the first (spec §4). */
  expanded: boolean
  onToggle: () => void
  highlightId: string | null
  onReply: (comment: CommentView) => void
  onDelete: (comment: CommentView) => void
}

/**
 * A top-level comment and its replies in the server's display order (level 2 newest first, each
 * followed by its level-3 replies oldest first). Only the first reply shows until 'Show N more'.
 */
export function CommentThread({
  thread,
  expanded,
  onToggle,
  highlightId,
  onReply,
  onDelete,
}: CommentThreadProps) {
  const { t } = useTranslation('comments')
  const repliesId = useId()
  const names = useMemo(
    () => new Map([thread.top, ...thread.replies].map((comment) => [comment._id, comment.username])),
    [thread],
  )
  const shown = expanded ? thread.replies : thread.replies.slice(0, 1)
  const more = thread.replies.length - 1

  return (
    <li className="comment-thread">
      <CommentItem
        comment={thread.top}
        highlighted={highlightId === thread.top._id}
        onReply={onReply}
        onDelete={onDelete}
      />
      {shown.length > 0 && (
        <ol
          id={repliesId}
          className="comment-replies"
          // A deleted comment has no name left to say whose replies these are.
          aria-label={
            thread.top.deleted
              ? t('thread.repliesToDeleted')
              : t('thread.replies', { name: thread.top.username })
          }
        >
          {shown.map((reply) => (
            <li key={reply._id} className="comment-replies__item" data-level={reply.level}>
              <CommentItem
                comment={reply}
                replyingTo={reply.level === 3 ? names.get(reply.parentId ?? '') : undefined}
                highlighted={highlightId === reply._id}
                onReply={onReply}
                onDelete={onDelete}
              />
            </li>
          ))}
        </ol>
      )}
      {more > 0 && (
        <button
          type="button"
          className="comment-thread__toggle"
          aria-expanded={expanded}
          aria-controls={repliesId}
          onClick={onToggle}
        >
          <ChevronDownIcon size={16} className={expanded ? 'comment-thread__chevron--up' : undefined} />
          {expanded ? t('thread.hide') : t('thread.showMore', { count: more })}
        </button>
      )}
    </li>
  )
}
