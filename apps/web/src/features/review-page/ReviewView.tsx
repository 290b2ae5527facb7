import type { ReviewDetailResponse } from '@agora/contract'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Timestamp } from '../../ui/Timestamp'
import { CRITERIA, reviewMean } from './reviewMean'
import './ReviewPage.css'

export interface ReviewViewProps {
  review: ReviewDetailResponse
}

/** A review: what it says of which version of which work, its ratings, or that it was withdrawn. */
export function ReviewView({ review: reviewed }: ReviewViewProps) {
  const { t } = useTranslation('review-page')
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
