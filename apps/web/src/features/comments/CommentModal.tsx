import type { CommentAnchorInput, CommentView } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { COMMENT_CONTENT_MAX } from '../../api/comments'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { DialogActions } from '../../ui/DialogActions'
import { MarkdownEditor } from '../../ui/MarkdownEditor'
import { MentionTextarea } from '../../ui/MentionField'
import { Modal } from '../../ui/Modal'
import { useDraft } from '../../ui/useDraft'
import '../../ui/Field.css'
import { refusalText } from '../../ui/errorText'
import { useRewardNotice } from '../rewards'
import { AnchorDraft } from './AnchorChip'
import { useCreateComment } from './useComments'

/** What the modal writes: a comment on the post, or a reply to `parent`; optionally pre-filled. */
export interface CommentDraft {
  parent: CommentView | null
  initialText?: string
  /** A top-level comment about a passage or a moment of one of the post's files. */
  anchor?: CommentAnchorInput
}

export interface CommentModalProps {
  postId: string
  /** null: closed. */
  draft: CommentDraft | null
  onClose: () => void
  /** After the server took it (the list already shows it). */
  onCreated?: (comment: CommentView) => void
}

/** Counter shown from this many characters on. */
const COUNTER_FROM = COMMENT_CONTENT_MAX - 500

/** Characters as the server counts them (code points), so an emoji is one. */
const lengthOf = (text: string) => [...text].length

/**
 * The comment modal (spec §2): 'Write a Comment' or 'Reply to Comment', the text, Cancel and
 * 'Comment'/'Reply' ('Submitting...' while sending; disabled while the trimmed text is blank). Escape
 * and the backdrop close it except while sending; focus stays inside (the shell's Modal).
 */
export function CommentModal({ postId, draft, onClose, onCreated }: CommentModalProps) {
  const titleId = useId()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const create = useCreateComment(postId)
  return (
    <Modal
      open={draft !== null}
      onClose={onClose}
      busy={create.isPending}
      labelledBy={titleId}
      initialFocus={textarea}
    >
      {draft && (
        <CommentForm
          postId={postId}
          draft={draft}
          titleId={titleId}
          textarea={textarea}
          create={create}
          onCancel={onClose}
          onCreated={(comment) => {
            onClose()
            onCreated?.(comment)
          }}
        />
      )}
    </Modal>
  )
}

interface CommentFormProps {
  postId: string
  draft: CommentDraft
  titleId: string
  textarea: RefObject<HTMLTextAreaElement | null>
  create: ReturnType<typeof useCreateComment>
  onCancel: () => void
  onCreated: (comment: CommentView) => void
}

/** Where an unsent comment is kept: per user, post, and the comment or passage it answers. */
function draftKey(userId: string | undefined, postId: string, draft: CommentDraft): string | null {
  if (!userId) return null
  const anchor = draft.anchor
  const target = draft.parent
    ? `reply:${draft.parent._id}`
    : anchor
      ? `anchor:${[anchor.cid, anchor.kind, anchor.page, anchor.start, anchor.end].join(':')}`
      : 'top'
  return `comment:${userId}:${postId}:${target}`
}

function CommentForm({ postId, draft, titleId, textarea, create, onCancel, onCreated }: CommentFormProps) {
  const { t } = useTranslation('comments')
  const { status, basic } = useSession()
  const { openLogin } = useLoginModal()
  const announceReward = useRewardNotice()
  const kept = useDraft(draftKey(basic?.id, postId, draft), draft.initialText ?? '')
  const { value: text, setValue: setText } = kept
  const [error, setError] = useState<{ message: string; detail?: string } | null>(null)
  const hintId = useId()
  const errorId = useId()
  const parent = draft.parent
  const content = text.trim()
  const length = lengthOf(content)
  const tooLong = length > COMMENT_CONTENT_MAX

  // A pre-filled text is continued, not replaced: the caret goes to its end.
  useEffect(() => {
    const node = textarea.current
    if (node && draft.initialText) node.setSelectionRange(node.value.length, node.value.length)
  }, [textarea, draft.initialText])

  function submit(event?: FormEvent) {
    event?.preventDefault()
    if (!content || tooLong || create.isPending) return
    if (status === 'anonymous') {
      setError({ message: t('modal.loginRequired') })
      openLogin()
      return
    }
    setError(null)
    create.mutate(
      {
        content,
        parentId: parent?._id ?? null,
        rootId: parent ? (parent.rootId ?? parent._id) : null,
        anchor: parent ? null : (draft.anchor ?? null),
      },
      {
        onSuccess: (created) => {
          kept.forget()
          announceReward(created.reward, parent ? t('modal.replied') : t('modal.posted'))
          onCreated(created)
        },
        onError: (failure) => {
          if (isApiError(failure, 401)) {
            // The API client has opened the login card already; the text stays for a second try.
            setError({ message: t('modal.loginRequired') })
            return
          }
          setError({
            message: t('modal.failed'),
            detail: (isApiError(failure) && failure.status < 500 && refusalText(failure, t)) || undefined,
          })
        },
      },
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit()
  }

  const describedBy = [hintId, error || tooLong ? errorId : null].filter(Boolean).join(' ')
  return (
    <form className="comment-modal stack" onSubmit={submit} noValidate>
      <h2 id={titleId} className="comment-modal__title">
        {parent ? t('modal.replyTitle') : t('modal.writeTitle')}
      </h2>
      {parent && (
        <figure className="comment-modal__quote">
          <figcaption>{t('modal.replyingTo', { name: parent.username })}</figcaption>
          <blockquote>{plainText(parent.content, 160)}</blockquote>
        </figure>
      )}
      {!parent && draft.anchor && <AnchorDraft anchor={draft.anchor} />}
      <label className="visually-hidden" htmlFor={`${titleId}-text`}>
        {parent ? t('modal.replyLabel') : t('modal.commentLabel')}
      </label>
      <MarkdownEditor text={text} kept={kept.kept} restored={kept.restored} onDiscard={kept.discard}>
        <MentionTextarea
          id={`${titleId}-text`}
          ref={textarea}
          className="field__input field__input--multiline comment-modal__text"
          rows={6}
          value={text}
          placeholder={parent ? t('modal.replyPlaceholder') : t('modal.commentPlaceholder')}
          aria-describedby={describedBy}
          aria-invalid={tooLong || undefined}
          readOnly={create.isPending}
          onValueChange={setText}
          onKeyDown={onKeyDown}
        />
      </MarkdownEditor>
      <div className="comment-modal__notes">
        <p id={hintId} className="comment-modal__hint">
          {t('modal.hint')}
        </p>
        {length >= COUNTER_FROM && (
          <p className={tooLong ? 'comment-modal__count comment-modal__count--over' : 'comment-modal__count'}>
            {t('modal.length', { count: length, max: COMMENT_CONTENT_MAX })}
          </p>
        )}
      </div>
      <div id={errorId} role="alert" className="comment-modal__error">
        {tooLong && <p>{t('modal.tooLong', { max: COMMENT_CONTENT_MAX })}</p>}
        {error && <p>{error.message}</p>}
        {error?.detail && <p className="comment-modal__error-detail">{error.detail}</p>}
      </div>
      <DialogActions
        className="comment-modal__actions cluster"
        cancelLabel={t('modal.cancel')}
        onCancel={onCancel}
        busy={create.isPending}
      >
        <Button type="submit" variant="primary" loading={create.isPending} disabled={!content || tooLong}>
          {create.isPending ? t('modal.submitting') : parent ? t('modal.submitReply') : t('modal.submit')}
        </Button>
      </DialogActions>
    </form>
  )
}
