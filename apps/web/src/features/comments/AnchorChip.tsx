import type { CommentAnchor, CommentAnchorInput, CommentView } from '@agora/contract'
import { plainText } from '@agora/contract/text'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { focusAnchor, usePassagePlace, useRecordingName } from './anchors'
import { formatTime } from './timestamps'

/** Characters of a quoted passage shown beside a comment (the whole quote is in its label). */
const QUOTE_SHOWN = 80

/**
 * Where a comment points, above its text: "▶ 03:15" seeks the post's player, "p. 3 “…”"
 * shows the passage in the PDF viewer. An anchor on a file that a later version replaced says which
 * version it was written on.
 */
export function AnchorChip({ comment, anchor }: { comment: CommentView; anchor: CommentAnchor }) {
  const { t } = useTranslation('comments')
  const time = anchor.kind === 'time' ? formatTime(anchor.start ?? 0) : null
  const quote = anchor.exact ?? ''
  // A passage of a replaced file: the PDF viewer looks for its words in the current file.
  const place = usePassagePlace(comment.postId, comment._id)
  const replaced = anchor.kind === 'text' && !anchor.current
  const page = replaced && place ? place : anchor.page
  // With several recordings on the post, a moment says which one it is in.
  const recording = useRecordingName(comment.postId, time ? anchor.cid : null)
  return (
    <p className="comment__anchor">
      <button
        type="button"
        className="comment__anchor-button"
        aria-label={
          time
            ? recording
              ? t('anchor.playFromIn', { time, name: recording })
              : t('anchor.playFrom', { time })
            : t('anchor.showPassage', { page, quote: plainText(quote, 300) })
        }
        onClick={() => focusAnchor(comment.postId, { anchor, comment })}
      >
        {time ? (
          <>
            <span aria-hidden="true">▶ </span>
            <span className="comment__anchor-time">{time}</span>
            {recording && <span className="comment__anchor-recording"> · {recording}</span>}
          </>
        ) : (
          <>
            <span className="comment__anchor-page">{t('anchor.passage', { page })}</span>{' '}
            <q className="comment__anchor-quote">{plainText(quote, QUOTE_SHOWN)}</q>
          </>
        )}
      </button>
      {replaced && place === null && anchor.version !== undefined ? (
        <Link
          className="comment__anchor-version"
          to={`/forum/detail/${comment.postId}?version=${anchor.version}`}
        >
          {t('anchor.passageChanged', { version: anchor.version })}
        </Link>
      ) : (
        !anchor.current &&
        anchor.version !== undefined && (
          <span
            className="comment__anchor-version"
            title={t('anchor.onVersionTitle', { version: anchor.version })}
          >
            {t('anchor.onVersion', { version: anchor.version })}
          </span>
        )
      )}
    </p>
  )
}

/** What a comment being written is about, at the top of the comment dialog. */
export function AnchorDraft({ anchor }: { anchor: CommentAnchorInput }) {
  const { t } = useTranslation('comments')
  if (anchor.kind === 'time')
    return (
      <p className="comment-modal__anchor">
        {t('anchor.draftTime', { time: formatTime(anchor.start ?? 0) })}
      </p>
    )
  return (
    <figure className="comment-modal__quote">
      <figcaption>{t('anchor.draftPassage', { page: anchor.page })}</figcaption>
      <blockquote>{plainText(anchor.exact ?? '', 300)}</blockquote>
    </figure>
  )
}
