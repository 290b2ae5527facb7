import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { isApiError } from '../../api/client'
import { useStaticShellHandover } from '../../app/staticShell'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { errorText } from '../../ui/errorText'
import { Spinner } from '../../ui/Spinner'
import { Timestamp } from '../../ui/Timestamp'
import { CRITERIA, reviewMean } from './reviewMean'
import { useReviewPage } from './useReviewPage'
import '../../app/Screen.css'
import './ReviewPage.css'

/** A review on its own address: what it says of which version of which work, and its ratings. */
export function ReviewPage() {
  const { t } = useTranslation('review-page')
  const { id = '' } = useParams()
  const review = useReviewPage(id)
  const data = review.data
  const title = data ? t('title', { title: data.post.title }) : t('loading')
  useDocumentMeta({ title, description: data?.summary.slice(0, 300) })
  // The server draws a public review's first screen; it hands over once the review is shown.
  useStaticShellHandover(!review.isPending)

  if (review.isPending)
    return (
      <div className="container screen screen__state" aria-busy="true">
        <Spinner size={24} />
        <p>{t('loading')}</p>
      </div>
    )
  if (review.isError)
    return (
      <div className="container screen screen__state">
        <h1>{isApiError(review.error, 404) ? t('notFound') : t('failed')}</h1>
        {!isApiError(review.error, 404) && <p>{errorText(review.error, t, t('failed'))}</p>}
        <Link to="/forum">{t('toForum')}</Link>
      </div>
    )
  const reviewed = review.data
  const workLink = `/forum/detail/${encodeURIComponent(reviewed.post.id)}?version=${reviewed.version}`
  return (
    <article className="container screen review-page">
      <h1>{t('title', { title: reviewed.post.title })}</h1>
      <p className="screen__lead">
        {t('by')}{' '}
        <Link to={`/author/${encodeURIComponent(reviewed.reviewer.id)}`}>
          {reviewed.reviewer.nickname || reviewed.reviewer.username}
        </Link>
        {' · '}
        {t('version', { version: reviewed.version })}
        {' · '}
        <Timestamp value={reviewed.created_at} />
      </p>
      <p>
        <Link to={workLink}>{t('work')}</Link>
        {reviewed.outdated && <> · {t('outdated')}</>}
      </p>
      {reviewed.withdrawn || !reviewed.ratings ? (
        <p>{t('withdrawn')}</p>
      ) : (
        <>
          <dl className="review-page__ratings">
            <dt>{t('mean')}</dt>
            <dd>{t('score', { score: reviewMean(reviewed.ratings) })}</dd>
            {CRITERIA.map((name) => (
              <Fragment key={name}>
                <dt>{t(`criteria.${name}`)}</dt>
                <dd>{t('score', { score: reviewed.ratings?.[name] })}</dd>
              </Fragment>
            ))}
          </dl>
          <div className="review-page__summary">
            {reviewed.summary
              .split(/\n\s*\n/)
              .map((text) => text.trim())
              .filter(Boolean)
              .map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text's own order is its identity
                <p key={index}>{text}</p>
              ))}
          </div>
          {reviewed.competing_interests && (
            <p className="screen__lead">{t('interests', { interests: reviewed.competing_interests })}</p>
          )}
        </>
      )}
    </article>
  )
}
