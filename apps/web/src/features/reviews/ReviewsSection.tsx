import type { BountyView, ReviewView } from '@agora/contract'
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { PencilIcon } from '../../ui/contentIcons'
import { errorText } from '../../ui/errorText'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { RefreshIcon } from '../../ui/icons'
import { Loading } from '../../ui/Loading'
import { LoadMore } from '../../ui/LoadMore'
import { toast } from '../../ui/toast'
import { BountiesPanel } from './BountiesPanel'
import { awardableBounties, awardsByReview } from './bountyRules'
import { ReviewAggregateView } from './ReviewAggregateView'
import { ReviewItem } from './ReviewItem'
import { useBounties } from './useBounties'
import { useReviews, useWithdrawReview } from './useReviews'
import './reviews.css'

// The dialogs load when first opened: most readers only read the reviews.
const ReviewDialog = lazy(() => import('./ReviewDialog'))
const InviteDialog = lazy(() => import('./InviteDialog'))
const AwardDialog = lazy(() => import('./AwardDialog'))

const NO_BOUNTIES: readonly BountyView[] = []

export interface ReviewsSectionProps {
  postId: string
  /** The work's author: they answer reviews and never write one. */
  authorId: string
  /** The versions of the post's files the reader may open; the last is the newest. */
  versions: readonly number[]
}

/** Review writing, as the dialog is asked for: a new review, or an edit of one's own. */
type Writing = { kind: 'new' } | { kind: 'edit'; review: ReviewView }

/**
 * The open peer reviews of a post: the ratings' aggregate, the reviews newest first with a load-more,
 * "Write a review" (not for the work's author), "Invite a reviewer", and the post's review bounties
 * with their awards.
 */
export function ReviewsSection({ postId, authorId, versions }: ReviewsSectionProps) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const reviews = useReviews(postId)
  const withdraw = useWithdrawReview(postId)
  const { status, basic } = useSession()
  const { openLogin } = useLoginModal()
  const isAuthor = !!basic && basic.id === authorId
  const [writing, setWriting] = useState<Writing | null>(null)
  const [inviting, setInviting] = useState(false)
  const [withdrawing, setWithdrawing] = useState<ReviewView | null>(null)
  const [awarding, setAwarding] = useState<{ review: ReviewView; bounties: BountyView[] } | null>(null)
  const bounties = useBounties(postId).data ?? NO_BOUNTIES
  const awarded = useMemo(() => awardsByReview(bounties), [bounties])
  const [focusHeading, setFocusHeading] = useState(false)
  const count = reviews.aggregate?.count ?? 0
  // Writing needs an account: a visitor is asked to log in first, and the dialog opens after.
  const write = () =>
    status === 'anonymous'
      ? openLogin({ onSuccess: () => setWriting({ kind: 'new' }) })
      : setWriting({ kind: 'new' })

  // After a withdrawal its buttons are gone: keyboard users continue at the heading.
  useEffect(() => {
    if (!focusHeading) return
    setFocusHeading(false)
    heading.current?.focus({ preventScroll: true })
  }, [focusHeading])

  function confirmWithdraw() {
    if (!withdrawing) return
    withdraw.mutate(withdrawing, {
      onSuccess: () => {
        setWithdrawing(null)
        setFocusHeading(true)
        toast.success(t('withdraw.done'), { duration: 3000 })
      },
      onError: (error) => {
        setWithdrawing(null)
        if (!isApiError(error, 401)) toast.error(errorText(error, t, t('withdraw.failed')))
      },
    })
  }

  return (
    <section id="reviews" className="reviews" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="reviews__heading">
          {t('heading')} <span className="reviews__count">({formatCompact(count, locale)})</span>
        </h2>
        <div className="reviews__actions">
          {status === 'authenticated' && (
            <Button onClick={() => setInviting(true)}>{t('invite.open')}</Button>
          )}
          {!isAuthor && (
            <Button variant="primary" icon={<PencilIcon size={18} />} onClick={write}>
              {t('write')}
            </Button>
          )}
        </div>
      </div>

      <BountiesPanel postId={postId} bounties={bounties} />

      {reviews.isPending ? (
        <Loading text={t('loading')} />
      ) : reviews.isError && !reviews.data ? (
        <div className="reviews__state" role="alert">
          <p>{errorText(reviews.error, t, t('loadFailed'))}</p>
          <Button size="sm" icon={<RefreshIcon size={16} />} onClick={() => void reviews.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          {reviews.aggregate && reviews.aggregate.count > 0 && (
            <ReviewAggregateView aggregate={reviews.aggregate} />
          )}
          {reviews.reviews.length === 0 ? (
            <p className="reviews__empty">{t('empty')}</p>
          ) : (
            <ol className="reviews__list">
              {reviews.reviews.map((review) => {
                const payable = awardableBounties(bounties, review, basic, authorId)
                return (
                  <li key={review._id}>
                    <ReviewItem
                      review={review}
                      isPostAuthor={isAuthor}
                      awarded={awarded.get(review._id) ?? 0}
                      canAward={payable.length > 0}
                      onEdit={() => setWriting({ kind: 'edit', review })}
                      onWithdraw={() => setWithdrawing(review)}
                      onAward={() => setAwarding({ review, bounties: payable })}
                    />
                  </li>
                )
              })}
            </ol>
          )}
        </>
      )}

      {reviews.isFetchNextPageError && (
        <p className="reviews__state" role="alert">
          {t('loadFailed')}
        </p>
      )}
      <LoadMore
        query={reviews}
        label={t('loadMore')}
        busyLabel={t('loadingMore')}
        className="reviews__more"
      />

      <Suspense>
        {writing && (
          <ReviewDialog
            postId={postId}
            versions={versions}
            review={writing.kind === 'edit' ? writing.review : null}
            onClose={() => setWriting(null)}
          />
        )}
        {inviting && <InviteDialog postId={postId} onClose={() => setInviting(false)} />}
        {awarding && (
          <AwardDialog
            postId={postId}
            review={awarding.review}
            bounties={awarding.bounties}
            onClose={() => setAwarding(null)}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('withdraw.title')}
        message={t('withdraw.message')}
        confirmLabel={t('withdraw.confirm')}
        cancelLabel={t('withdraw.cancel')}
        danger
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </section>
  )
}
