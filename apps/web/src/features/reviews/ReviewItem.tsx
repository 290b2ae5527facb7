import type { ReviewResponseView, ReviewView } from '@agora/contract'
import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../api/client'
import { reviewKeys } from '../../api/queryKeys'
import {
  getReviewCitation,
  REVIEW_CRITERIA,
  REVIEW_RESPONSE_MAX,
  responseConflictOf,
  reviewCitationFileUrl,
} from '../../api/reviews'
import { useSession } from '../../app/useSession'
import { AuthorName } from '../../ui/AuthorName'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { PencilIcon, TrashIcon } from '../../ui/contentIcons'
import { EditedMarker } from '../../ui/EditedMarker'
import { errorText } from '../../ui/errorText'
import { numberFormat, useIntlLocale } from '../../ui/format'
import { Markdown } from '../../ui/lazyMarkdown'
import { OrcidBadge } from '../../ui/OrcidBadge'
import { TextAreaField } from '../../ui/TextField'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import { useAfterLoad } from '../../ui/useAfterLoad'
import { ReportButton } from '../report/ReportButton'
import { ConflictChoice } from './ConflictChoice'
import { useEditResponse, useRespondToReview, useReviewHelpful } from './useReviews'

const ReviewHistory = lazy(() => import('./ReviewHistory'))
const ResponseHistory = lazy(() => import('./ResponseHistory'))
const CitationDialog = lazy(() =>
  import('../../ui/CitationDialog').then((module) => ({ default: module.CitationDialog })),
)

export interface ReviewItemProps {
  review: ReviewView
  /** The reader wrote the work reviewed: they answer once, then edit the answer. */
  isPostAuthor: boolean
  /** Whole tokens the review was awarded from the post's bounties (0 for none). */
  awarded: number
  /** The reader funds a bounty that may pay this review. */
  canAward: boolean
  onEdit: () => void
  onWithdraw: () => void
  onAward: () => void
}

/**
 * One review: who and when, the version judged, the five ratings and the confidence, the summary as
 * Markdown, competing interests, the author's response, Helpful, Cite, Report, and Edit and Withdraw
 * for its reviewer. A withdrawn or moderated one keeps its place as a placeholder.
 */
export function ReviewItem({
  review,
  isPostAuthor,
  awarded,
  canAward,
  onEdit,
  onWithdraw,
  onAward,
}: ReviewItemProps) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const nameId = useId()
  const { basic } = useSession()
  const isReviewer = !!basic && basic.id === review.reviewer.id
  const [showingHistory, setShowingHistory] = useState(false)
  const [citing, setCiting] = useState(false)
  const profile = `/author/${encodeURIComponent(review.reviewer.id)}`
  // Others see a moderated review as a placeholder; its reviewer sees it with a notice.
  const placeholder = review.withdrawn
    ? t('item.withdrawn')
    : review.moderation && !isReviewer
      ? t(`item.moderation.${review.moderation}`)
      : null
  return (
    <article
      id={`review-${review._id}`}
      className={placeholder ? 'review review--withdrawn' : 'review'}
      aria-labelledby={nameId}
    >
      <header className="review__meta">
        <Link to={profile} className="review__avatar" tabIndex={-1} aria-hidden="true">
          <Avatar src={review.reviewer.avatar} name={review.reviewer.username} size={36} />
        </Link>
        <Link id={nameId} to={profile} className="review__reviewer">
          <AuthorName displayName={review.reviewer.nickname} username={review.reviewer.username} />
        </Link>
        {review.reviewer.orcid && <OrcidBadge orcid={review.reviewer.orcid} />}
        <Timestamp value={review.created_at} className="review__time" />
        {review.edited_at && !placeholder && (
          <EditedMarker at={review.edited_at} onOpen={() => setShowingHistory(true)} />
        )}
        <span className="review__version">{t('item.version', { version: review.version })}</span>
        {awarded > 0 && (
          <span className="review__award" data-testid="review-award">
            {t('item.awarded', { count: awarded, amount: numberFormat(locale).format(awarded) })}
          </span>
        )}
      </header>
      {placeholder ? (
        <p className="review__placeholder">{placeholder}</p>
      ) : (
        <>
          {review.moderation && (
            <p className="review__moderated" role="note">
              {t(`item.moderationOwn.${review.moderation}`)}
            </p>
          )}
          {review.outdated && (
            <p className="review__outdated">
              {t('item.outdated', { version: review.version })}{' '}
              <Link to={`?version=${review.version}`}>
                {t('item.seeVersion', { version: review.version })}
              </Link>
            </p>
          )}
          <ReviewRatings review={review} />
          <ReviewText text={review.summary} className="review__summary" />
          <p className="review__interests">
            <strong>{t('item.interests')}</strong> {review.competing_interests}
          </p>
          <ReviewResponse review={review} canRespond={isPostAuthor} />
          <div className="review__actions">
            <HelpfulControl review={review} own={isReviewer} />
            <Button size="sm" variant="ghost" aria-haspopup="dialog" onClick={() => setCiting(true)}>
              {t('item.cite')}
            </Button>
            {canAward && (
              <Button size="sm" aria-haspopup="dialog" onClick={onAward}>
                {t('item.award')}
              </Button>
            )}
            {!isReviewer && <ReportButton targetType="review" targetId={review._id} />}
            {isReviewer && (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<PencilIcon size={16} />}
                  aria-label={t('item.editLabel')}
                  onClick={onEdit}
                >
                  {t('item.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<TrashIcon size={16} />}
                  aria-label={t('item.withdrawLabel')}
                  onClick={onWithdraw}
                >
                  {t('item.withdraw')}
                </Button>
              </>
            )}
          </div>
        </>
      )}
      <Suspense>
        {showingHistory && <ReviewHistory review={review} onClose={() => setShowingHistory(false)} />}
        {citing && (
          <CitationDialog
            title={t('cite.title', { name: review.reviewer.nickname || review.reviewer.username })}
            namespace="reviews"
            queryKey={(format) => reviewKeys.cite(review._id, format)}
            load={(format, signal) => getReviewCitation(review._id, format, signal)}
            fileUrl={(format) => reviewCitationFileUrl(review._id, format)}
            onClose={() => setCiting(false)}
          />
        )}
      </Suspense>
    </article>
  )
}

function ReviewRatings({ review }: { review: ReviewView }) {
  const { t } = useTranslation('reviews')
  const scores = [
    ...REVIEW_CRITERIA.map((name) => ({ name, label: t(`criteria.${name}`), score: review.ratings?.[name] })),
    { name: 'confidence', label: t('confidence'), score: review.confidence },
  ]
  return (
    <dl className="review__ratings" aria-label={t('item.ratings', { name: review.reviewer.username })}>
      {scores.map(({ name, label, score }) => (
        <div key={name} className="review__rating" data-rating={name}>
          <dt>{label}</dt>
          <dd>{t('item.score', { score })}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A review's or a response's text: as written until the page has loaded, then as Markdown. */
function ReviewText({ text, className }: { text: string; className: string }) {
  const afterLoad = useAfterLoad()
  const plain = <p className={`${className} review__text--plain`}>{text}</p>
  if (!afterLoad) return plain
  return (
    <Suspense fallback={plain}>
      <Markdown className={className}>{text}</Markdown>
    </Suspense>
  )
}

/** Helpful: a toggle for a signed-in reader who did not write the review; the count for anyone. */
function HelpfulControl({ review, own }: { review: ReviewView; own: boolean }) {
  const { t } = useTranslation('reviews')
  const { status } = useSession()
  const helpful = useReviewHelpful(review.post_id, review._id, t('item.helpfulFailed'))
  const countText = t('item.helpfulCount', { count: review.helpful })
  if (own || status !== 'authenticated')
    return review.helpful > 0 ? <span className="review__helpful-count">{countText}</span> : null
  return (
    <Button
      size="sm"
      className="review__helpful"
      aria-pressed={review.marked_helpful}
      loading={helpful.isPending}
      onClick={() => helpful.mutate(!review.marked_helpful)}
    >
      {t('item.helpful')} <span className="review__helpful-number">({review.helpful})</span>
    </Button>
  )
}

/**
 * The work's author's answer under the review, with its history once edited; for that author, a form
 * to answer once, then Edit (from the revision shown, a conflicting edit compared like a review's).
 */
function ReviewResponse({ review, canRespond }: { review: ReviewView; canRespond: boolean }) {
  const { t } = useTranslation('reviews')
  const headingId = useId()
  const [editing, setEditing] = useState(false)
  const [showingHistory, setShowingHistory] = useState(false)
  const response = review.response
  if (!response) return canRespond ? <ResponseForm review={review} response={null} /> : null
  if (editing && canRespond)
    return <ResponseForm review={review} response={response} onDone={() => setEditing(false)} />
  return (
    <section className="review__response" aria-labelledby={headingId}>
      <h4 id={headingId} className="review__response-title">
        {t('response.title')} <Timestamp value={response.created_at} className="review__time" />
      </h4>
      {response.edited_at && <EditedMarker at={response.edited_at} onOpen={() => setShowingHistory(true)} />}
      <ReviewText text={response.content} className="review__response-text" />
      {canRespond && (
        <Button
          size="sm"
          variant="ghost"
          icon={<PencilIcon size={16} />}
          aria-label={t('response.editLabel')}
          onClick={() => setEditing(true)}
        >
          {t('response.edit')}
        </Button>
      )}
      <Suspense>
        {showingHistory && <ResponseHistory reviewId={review._id} onClose={() => setShowingHistory(false)} />}
      </Suspense>
    </section>
  )
}

interface ResponseFormProps {
  review: ReviewView
  /** The answer to edit; null to answer for the first time. */
  response: ReviewResponseView | null
  onDone?: () => void
}

function ResponseForm({ review, response, onDone }: ResponseFormProps) {
  const { t } = useTranslation('reviews')
  const [text, setText] = useState(response?.content ?? '')
  const [baseRevision, setBaseRevision] = useState(response?.revision ?? 1)
  const [conflict, setConflict] = useState<ReviewResponseView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const respond = useRespondToReview(review.post_id, review._id)
  const edit = useEditResponse(review.post_id, review._id)
  function failed(error: unknown) {
    const current = responseConflictOf(error)
    if (current) setConflict(current)
    else if (!isApiError(error, 401)) setProblem(errorText(error, t, t('response.failed')))
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) {
      setProblem(t('response.empty'))
      return
    }
    setProblem(null)
    if (response)
      edit.mutate(
        { content: text, baseRevision },
        {
          onSuccess: () => {
            toast.success(t('response.saved'), { duration: 3000 })
            onDone?.()
          },
          onError: failed,
        },
      )
    else
      respond.mutate(text, {
        onSuccess: () => toast.success(t('response.posted'), { duration: 3000 }),
        onError: failed,
      })
  }
  return (
    <form className="review__respond" onSubmit={submit} noValidate>
      {conflict && (
        <ConflictChoice
          message={t('response.conflict', { revision: conflict.revision })}
          current={conflict.content}
          mine={text}
          label={t('response.historyText')}
          takeLabel={t('response.takeCurrent')}
          keepLabel={t('response.keepMine')}
          onChoose={(takeCurrent) => {
            if (takeCurrent) setText(conflict.content)
            setBaseRevision(conflict.revision)
            setConflict(null)
          }}
        />
      )}
      <TextAreaField
        label={response ? t('response.editTitle') : t('response.label')}
        hint={t('response.hint')}
        error={problem}
        rows={3}
        maxLength={REVIEW_RESPONSE_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="review__respond-actions">
        {response && (
          <Button size="sm" onClick={onDone}>
            {t('response.cancel')}
          </Button>
        )}
        <Button size="sm" type="submit" variant="primary" loading={respond.isPending || edit.isPending}>
          {response ? t('response.save') : t('response.submit')}
        </Button>
      </div>
    </form>
  )
}
