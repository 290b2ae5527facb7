import type { CommentView, ModerationState } from '@agora/contract'
import {
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../../app/useSession'
import { AuthorName } from '../../ui/AuthorName'
import { Avatar } from '../../ui/Avatar'
import { askReviewProps } from '../../ui/askReview'
import { CommentIcon, HeartIcon, PencilIcon, TrashIcon } from '../../ui/contentIcons'
import { EditedMarker } from '../../ui/EditedMarker'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { Markdown } from '../../ui/lazyMarkdown'
import { Timestamp } from '../../ui/Timestamp'
import { useAfterLoad } from '../../ui/useAfterLoad'
import { ReportButton } from '../report/ReportButton'
import { AnchorChip } from './AnchorChip'
import { ANY_RECORDING, focusAnchor, useHasRecording } from './anchors'
import { BlockedAuthors } from './blockedAuthors'
import { CommentVersion } from './CommentVersion'
import { commentDisplay } from './commentDisplay'
import { linkTimestamps, timeOfLink } from './timestamps'
import { useLikeComment, useRequestCommentReview } from './useComments'

// Loaded when first used: the editor by the author's Edit, the history by a press on "edited".
const CommentEditor = lazy(() => import('./CommentEditor'))
const CommentHistory = lazy(() => import('./CommentHistory'))

export interface CommentItemProps {
  comment: CommentView
  /** The name of the comment replied to, for a reply to a reply (level 3). */
  replyingTo?: string
  /** Briefly marked after a deep link or after it was just written. */
  highlighted: boolean
  onReply: (comment: CommentView) => void
  onDelete: (comment: CommentView) => void
}

/**
 * One comment: who and when, the Markdown text, like, reply and (for its author) edit and delete.
 * One the moderators hid or removed keeps its place for others as "[hidden by a moderator]"; its
 * author sees why. One by someone the reader blocked is folded until they ask for it.
 */
export function CommentItem(props: CommentItemProps) {
  const { comment } = props
  const { basic } = useSession()
  const display = commentDisplay(comment, basic?.id ?? null, useContext(BlockedAuthors))
  const [revealed, setRevealed] = useState(false)
  const { t } = useTranslation('comments')
  if (display.kind === 'deleted')
    return (
      <CommentTombstone comment={comment} words={t('deleted.placeholder')} highlighted={props.highlighted} />
    )
  if (display.kind === 'tombstone') {
    const words =
      display.moderation.state === 'hidden'
        ? t('moderation.tombstoneHidden')
        : t('moderation.tombstoneRemoved')
    return <CommentTombstone comment={comment} words={words} highlighted={props.highlighted} />
  }
  if (display.kind === 'blocked' && !revealed)
    return <BlockedComment comment={comment} onReveal={() => setRevealed(true)} />
  const isOwner = !!basic && basic.id === comment.userId
  const moderation = display.kind === 'shown' ? display.moderation : null
  return <ShownComment {...props} isOwner={isOwner} moderation={moderation} focusOnShow={revealed} />
}

function ShownComment({
  comment,
  replyingTo,
  highlighted,
  onReply,
  onDelete,
  isOwner,
  moderation,
  focusOnShow,
}: CommentItemProps & { isOwner: boolean; moderation: ModerationState | null; focusOnShow: boolean }) {
  const { t } = useTranslation('comments')
  const nameId = useId()
  const article = useRef<HTMLElement>(null)
  const authorPath = `/author/${encodeURIComponent(comment.userId)}`
  const classes = ['comment', `comment--level-${comment.level}`, highlighted && 'comment--highlight']
  const [editing, setEditing] = useState(false)
  const [showingHistory, setShowingHistory] = useState(false)
  // Shown at the reader's request (a blocked person's comment): their focus continues on it.
  useEffect(() => {
    if (focusOnShow) article.current?.focus()
  }, [focusOnShow])
  // As the post's text: shown as written until the page has loaded (and on a page the server draws),
  // then as Markdown in the same box.
  const afterLoad = useAfterLoad()
  const plain = <p className="comment__content comment__content--plain">{comment.content}</p>
  // On a post with a player, `[mm:ss]` in the text is a link that seeks it.
  const timed = useHasRecording(comment.postId)
  const text = !comment.content ? null : afterLoad ? (
    <Suspense fallback={plain}>
      {timed ? (
        <TimedText comment={comment} />
      ) : (
        <Markdown className="comment__content">{comment.content}</Markdown>
      )}
    </Suspense>
  ) : (
    plain
  )

  return (
    <article
      ref={article}
      id={comment._id}
      className={classes.filter(Boolean).join(' ')}
      aria-labelledby={nameId}
      tabIndex={-1}
      data-level={comment.level}
    >
      <Link to={authorPath} className="comment__avatar" tabIndex={-1} aria-hidden="true">
        <Avatar src={comment.avatar} name={comment.username} size={comment.level === 1 ? 36 : 30} />
      </Link>
      <div className="comment__body">
        <header className="comment__meta">
          <Link id={nameId} to={authorPath} className="comment__author">
            <AuthorName displayName={comment.display_name} username={comment.username} />
          </Link>
          {replyingTo && (
            <span className="comment__replying-to">{t('item.replyingTo', { name: replyingTo })}</span>
          )}
          <Timestamp value={comment.createdAt} className="comment__time" />
          {comment.edited_at && (
            <EditedMarker at={comment.edited_at} onOpen={() => setShowingHistory(true)} />
          )}
          <CommentVersion version={comment.post_version} />
        </header>
        {moderation && <ModerationNotice comment={comment} moderation={moderation} isOwner={isOwner} />}
        {comment.anchor && <AnchorChip comment={comment} anchor={comment.anchor} />}
        {editing ? (
          <Suspense fallback={text}>
            <CommentEditor comment={comment} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          text
        )}
        {showingHistory && (
          <Suspense>
            <CommentHistory commentId={comment._id} onClose={() => setShowingHistory(false)} />
          </Suspense>
        )}
        <div className="comment__actions">
          {!moderation && <CommentLikeButton comment={comment} />}
          {!moderation && (
            <CommentAction
              label={t('item.replyTo', { name: comment.username })}
              text={t('item.reply')}
              icon={<CommentIcon size={16} />}
              onPress={() => onReply(comment)}
            />
          )}
          {isOwner && !editing && moderation?.state !== 'removed' && (
            <CommentAction
              label={t('item.editLabel')}
              text={t('item.edit')}
              icon={<PencilIcon size={16} />}
              onPress={() => setEditing(true)}
            />
          )}
          {!isOwner && !moderation && <ReportButton targetType="comment" targetId={comment._id} />}
          {isOwner && (
            <CommentAction
              label={t('item.deleteLabel')}
              text={t('item.delete')}
              icon={<TrashIcon size={16} />}
              onPress={() => onDelete(comment)}
              danger
            />
          )}
        </div>
      </div>
    </article>
  )
}

/**
 * A comment's text with its `[mm:ss]` made links to the post's player. A press on one is caught on
 * its way down (capture), so the link neither navigates nor changes the address.
 */
function TimedText({ comment }: { comment: CommentView }) {
  function seek(event: MouseEvent<HTMLDivElement>) {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    const seconds = timeOfLink(link?.getAttribute('href') ?? null)
    if (seconds === null) return
    event.preventDefault()
    focusAnchor(comment.postId, {
      anchor: { cid: ANY_RECORDING, kind: 'time', start: seconds, current: true },
      comment,
    })
  }
  return (
    <div className="comment__timed" onClickCapture={seek}>
      <Markdown className="comment__content">{linkTimestamps(comment.content)}</Markdown>
    </div>
  )
}

/** "Hidden by a moderator: {reason}" above the author's own comment, and "Ask for review" (once). */
function ModerationNotice({
  comment,
  moderation,
  isOwner,
}: {
  comment: CommentView
  moderation: ModerationState
  isOwner: boolean
}) {
  const { t } = useTranslation('comments')
  const review = useRequestCommentReview(comment.postId, comment._id)
  const requested = moderation.review_requested
  return (
    <div className="comment__moderation">
      <p className="comment__moderation-text">
        {t(moderation.state === 'hidden' ? 'moderation.hidden' : 'moderation.removed', {
          reason: moderation.reason,
        })}
      </p>
      {isOwner && (
        <button
          type="button"
          className="comment__action comment__review"
          {...askReviewProps(review, requested)}
        >
          {requested ? t('moderation.reviewRequested') : t('moderation.askReview')}
        </button>
      )}
    </div>
  )
}

/**
 * A comment kept only for its place in the thread: hidden or removed by the moderators (as others see
 * it), or deleted by its author while it had replies. `words` says which; there is nothing to act on.
 */
function CommentTombstone({
  comment,
  words,
  highlighted,
}: {
  comment: CommentView
  words: string
  highlighted: boolean
}) {
  const classes = ['comment', 'comment--tombstone', highlighted && 'comment--highlight']
  return (
    <article
      id={comment._id}
      className={classes.filter(Boolean).join(' ')}
      tabIndex={-1}
      data-level={comment.level}
    >
      <p className="comment__tombstone">{words}</p>
    </article>
  )
}

/** A comment by someone the reader blocked: folded, one press shows it. */
function BlockedComment({ comment, onReveal }: { comment: CommentView; onReveal: () => void }) {
  const { t } = useTranslation('comments')
  return (
    <div id={comment._id} className="comment comment--blocked" tabIndex={-1} data-level={comment.level}>
      <button type="button" className="comment__reveal" onClick={onReveal}>
        {t('blocked.collapsed')}
      </button>
    </div>
  )
}

/** A small labelled action under a comment: an icon and a word (the label says it in full). */
function CommentAction(props: {
  label: string
  text: string
  icon: ReactNode
  onPress: () => void
  danger?: boolean
}) {
  return (
    <button
      type="button"
      className={props.danger ? 'comment__action comment__action--danger' : 'comment__action'}
      aria-label={props.label}
      onClick={props.onPress}
    >
      {props.icon}
      <span aria-hidden="true">{props.text}</span>
    </button>
  )
}

/**
 * The heart and the count (spec §4 "Likes"): optimistic; of presses while a like is on its way the
 * last decides; without a session it does nothing (it says why on hover and to screen readers).
 */
function CommentLikeButton({ comment }: { comment: CommentView }) {
  const { t } = useTranslation('comments')
  const locale = useIntlLocale()
  const { status } = useSession()
  const like = useLikeComment(comment.postId, comment._id)
  const anonymous = status === 'anonymous'

  function press() {
    if (anonymous) return
    like.mutate(!comment.is_liked)
  }

  return (
    <button
      type="button"
      className="comment__action comment__like"
      aria-pressed={comment.is_liked}
      aria-busy={like.isPending || undefined}
      aria-disabled={anonymous || undefined}
      aria-label={`${t('like.label')}, ${t('like.count', { count: comment.likes })}`}
      title={anonymous ? t('like.loginFirst') : undefined}
      onClick={press}
    >
      <HeartIcon size={16} filled={comment.is_liked} />
      <span aria-hidden="true">{formatCompact(comment.likes, locale)}</span>
    </button>
  )
}
