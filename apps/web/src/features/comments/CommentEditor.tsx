import type { CommentView } from '@agora/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { COMMENT_CONTENT_MAX, commentConflictOf } from '../../api/comments'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { CompareVersions } from '../../ui/HistoryDialog'
import { MarkdownEditor } from '../../ui/MarkdownEditor'
import { MentionTextarea } from '../../ui/MentionField'
import { useDraft } from '../../ui/useDraft'
import { useEditComment } from './useComments'

export interface CommentEditorProps {
  comment: CommentView
  onDone: () => void
}

/** Where an unsaved edit of a comment is kept: only its author edits it, so theirs is the comment's user. */
export const editDraftKey = (comment: Pick<CommentView, '_id' | 'userId'>) =>
  `comment-edit:${comment.userId}:${comment._id}`

/**
 * A comment's text, edited in place, with Write and Preview. Saving sends the revision the
 * edit started from; when the comment changed meanwhile both versions show, and the author chooses.
 * The unsaved edit stays on this device (with that revision) until saved or cancelled.
 */
export default function CommentEditor({ comment, onDone }: CommentEditorProps) {
  const { t } = useTranslation('comments')
  const id = useId()
  const draft = useDraft(editDraftKey(comment), { text: comment.content, baseRevision: comment.revision })
  const { text, baseRevision } = draft.value
  const setText = (next: string) => draft.setValue((current) => ({ ...current, text: next }))
  const [conflict, setConflict] = useState<CommentView | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const edit = useEditComment(comment.postId, comment._id)

  function cancel() {
    draft.forget()
    onDone()
  }

  function save(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) {
      setFailure(t('edit.empty'))
      return
    }
    setFailure(null)
    edit.mutate(
      { content: text, baseRevision },
      {
        onSuccess: () => {
          draft.forget()
          onDone()
        },
        onError: (error) => {
          const current = commentConflictOf(error)
          if (current) setConflict(current)
          else if (!isApiError(error, 401)) setFailure(errorText(error, t, t('edit.failed')))
        },
      },
    )
  }

  if (conflict) {
    return (
      <div className="comment-editor comment-editor--conflict">
        <p role="alert" className="comment-editor__alert">
          {t('edit.conflict', { revision: conflict.revision })}
        </p>
        <CompareVersions current={conflict.content} mine={text} />
        <div className="comment-editor__actions">
          <Button
            size="sm"
            onClick={() => {
              draft.setValue({ text: conflict.content, baseRevision: conflict.revision })
              setConflict(null)
            }}
          >
            {t('edit.takeCurrent')}
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              draft.setValue((current) => ({ ...current, baseRevision: conflict.revision }))
              setConflict(null)
            }}
          >
            {t('edit.keepMine')}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form className="comment-editor" onSubmit={save} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('edit.label')}
      </label>
      <MarkdownEditor text={text} kept={draft.kept} restored={draft.restored} onDiscard={draft.discard}>
        <MentionTextarea
          id={`${id}-text`}
          className="field__input field__textarea comment-editor__input"
          rows={3}
          maxLength={COMMENT_CONTENT_MAX}
          value={text}
          // Opened by the author's own press of Edit, to type at once.
          autoFocus
          onValueChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation()
              cancel()
            }
          }}
        />
      </MarkdownEditor>
      {failure && (
        <p role="alert" className="comment-editor__alert">
          {failure}
        </p>
      )}
      <div className="comment-editor__actions">
        <Button size="sm" onClick={cancel} disabled={edit.isPending}>
          {t('edit.cancel')}
        </Button>
        <Button size="sm" type="submit" variant="primary" loading={edit.isPending}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  )
}
