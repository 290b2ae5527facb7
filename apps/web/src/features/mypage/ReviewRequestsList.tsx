import type { ReviewRequestView } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../ui/Button'
import { postPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { QueryState } from '../../ui/QueryState'
import { Timestamp } from '../../ui/Timestamp'
import { useAnswerReviewRequest, useReviewRequests } from './useReviewRequests'
import '../../ui/Card.css'
import '../../ui/PagedList.css'

/** The invitations to review one received: the work, who asked, and Accept / Decline while open. */
export function ReviewRequestsList() {
  const { t } = useTranslation('mypage')
  const requests = useReviewRequests()
  const title = t('reviewRequests.title')
  const items = requests.data ?? []
  return (
    <section aria-labelledby="mypage-review-requests" className="mypage-review-requests">
      <div className="section-heading">
        <h2 id="mypage-review-requests" className="profile-list__title">
          {title}
          {requests.data && <span className="profile-list__count"> ({items.length})</span>}
        </h2>
      </div>
      <QueryState
        query={requests}
        loading={t('reviewRequests.loading')}
        failed={t('reviewRequests.loadFailed')}
      >
        {() =>
          items.length === 0 ? (
            <Notice title={t('reviewRequests.empty')} />
          ) : (
            <ul className="profile-list" aria-label={title}>
              {items.map((request) => (
                <li key={request._id} className="profile-list__item">
                  <ReviewRequestItem request={request} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function ReviewRequestItem({ request }: { request: ReviewRequestView }) {
  const { t } = useTranslation('mypage')
  const answer = useAnswerReviewRequest()
  const work = request.post.title || t('common:postItem.untitled')
  const asker = request.requester.nickname || request.requester.username
  const path = postPath({ id: request.post.id })
  const pending = (which: 'accept' | 'decline') => answer.isPending && answer.variables?.answer === which
  return (
    <article className="card list-card review-request">
      <div className="review-request__body">
        <h3 className="review-request__title">{path ? <Link to={path}>{work}</Link> : work}</h3>
        <p className="review-request__meta">
          {t('reviewRequests.askedBy', { name: asker })} · <Timestamp value={request.created_at} />
        </p>
      </div>
      {request.status === 'open' ? (
        <div className="review-request__actions cluster">
          <Button
            size="sm"
            variant="primary"
            aria-label={t('reviewRequests.acceptLabel', { title: work })}
            loading={pending('accept')}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: request._id, answer: 'accept' })}
          >
            {t('reviewRequests.accept')}
          </Button>
          <Button
            size="sm"
            aria-label={t('reviewRequests.declineLabel', { title: work })}
            loading={pending('decline')}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ id: request._id, answer: 'decline' })}
          >
            {t('reviewRequests.decline')}
          </Button>
        </div>
      ) : (
        <p className="review-request__status">{t(`reviewRequests.status.${request.status}`)}</p>
      )}
    </article>
  )
}
