import type { ReviewView } from '@agora/contract'
import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isApiError } from '../../api/client'
import { REVIEW_CRITERIA, REVIEW_RESPONSE_MAX } from '../../api/reviews'
import { useSession } from '../../app/useSession'
import { AuthorName } from '../../ui/AuthorName'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { PencilIcon, TrashIcon } from '../../ui/contentIcons'
import { EditedMarker } from '../../ui/EditedMarker'
import { errorText } from '../../ui/errorText'
import { OrcidBadge } from '../../ui/OrcidBadge'
import { TextAreaField } from '../../ui/TextField'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import { useAfterLoad } from '../../ui/useAfterLoad'
import { Markdown } from './lazyMarkdown'
import { useRespondToReview, useReviewDetail, useReviewHelpful } from './useReviews'

const ReviewHistory = lazy(() => import('./ReviewHistory'))

export interface ReviewItemProps {
  review: ReviewView
  /** The reader wrote the work reviewed: they may answer once. */
  isPostAuthor: boolean
  onEdit: () => void
  onWithdraw: () => void
}

/**
 * One review: who and when, the version judged, the five ratings and the confidence, the summary as
 * Markdown, competing interests, the author's response, Helpful, and Edit and Withdraw for its reviewer.
 * A withdrawn one keeps its place as a placeholder.
 */
export function ReviewItem({ review, isPostAuthor, onEdit, onWithdraw }: ReviewItemProps) {
  const { t } = useTranslation('reviews')
  const nameId = useId()
  const { basic } = useSession()
  const isReviewer = !!basic && basic.id === review.reviewer.id
  const [showingHistory, setShowingHistory] = useState(false)
  const profile = `/author/${encodeURIComponent(review.reviewer.id)}`
  return (
    <article
      id={`review-${review._id}`}
      className={review.withdrawn ? 'review review--withdrawn' : 'review'}
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
        {review.edited_at && !review.withdrawn && (
          <EditedMarker at={review.edited_at} onOpen={() => setShowingHistory(true)} />
        )}
        <span className="review__version">{t('item.version', { version: review.version })}</span>
      </header>
      {review.withdrawn ? (
        <p className="review__placeholder">{t('item.withdrawn')}</p>
      ) : (
        <>
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
          <ReviewResponse reviewId={review._id} canRespond={isPostAuthor} />
          <div className="review__actions">
            <HelpfulControl review={review} own={isReviewer} />
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
      {showingHistory && (
        <Suspense>
          <ReviewHistory review={review} onClose={() => setShowingHistory(false)} />
        </Suspense>
      )}
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
  // The list does not say whether the reader marked it before: unknown until their first press.
  const [marked, setMarked] = useState<boolean | null>(null)
  const helpful = useReviewHelpful(review.post_id, review._id)
  const countText = t('item.helpfulCount', { count: review.helpful })
  if (own || status !== 'authenticated')
    return review.helpful > 0 ? <span className="review__helpful-count">{countText}</span> : null
  return (
    <Button
      size="sm"
      className="review__helpful"
      aria-pressed={marked === true}
      loading={helpful.isPending}
      onClick={() =>
        helpful.mutate(!marked, {
          onSuccess: (answer) => setMarked(answer.helpful),
          onError: (error) => {
            if (!isApiError(error, 401)) toast.error(errorText(error, t, t('item.helpfulFailed')))
          },
        })
      }
    >
      {t('item.helpful')} <span className="review__helpful-number">({review.helpful})</span>
    </Button>
  )
}

/** The work's author's answer under the review; for that author, until they answer, a form to answer once. */
function ReviewResponse({ reviewId, canRespond }: { reviewId: string; canRespond: boolean }) {
  const { t } = useTranslation('reviews')
  const headingId = useId()
  const detail = useReviewDetail(reviewId, true)
  const response = detail.data?.response
  if (response)
    return (
      <section className="review__response" aria-labelledby={headingId}>
        <h4 id={headingId} className="review__response-title">
          {t('response.title')} <Timestamp value={response.created_at} className="review__time" />
        </h4>
        <ReviewText text={response.content} className="review__response-text" />
      </section>
    )
  if (!canRespond || !detail.data) return null
  return <ResponseForm reviewId={reviewId} />
}

function ResponseForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('reviews')
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const respond = useRespondToReview(reviewId)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) {
      setProblem(t('response.empty'))
      return
    }
    setProblem(null)
    respond.mutate(text, {
      onSuccess: () => toast.success(t('response.posted'), { duration: 3000 }),
      onError: (error) => {
        if (!isApiError(error, 401)) setProblem(errorText(error, t, t('response.failed')))
      },
    })
  }
  return (
    <form className="review__respond" onSubmit={submit} noValidate>
      <TextAreaField
        label={t('response.label')}
        hint={t('response.hint')}
        error={problem}
        rows={3}
        maxLength={REVIEW_RESPONSE_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="review__respond-actions">
        <Button size="sm" type="submit" variant="primary" loading={respond.isPending}>
          {t('response.submit')}
        </Button>
      </div>
    </form>
  )
}
