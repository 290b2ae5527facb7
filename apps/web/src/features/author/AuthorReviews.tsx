import type { UserReviewItem } from '@agora/contract'
import { REVIEW_CRITERIA } from '@agora/contract/limits'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useIntlLocale } from '../../ui/format'
import { postPath } from '../../ui/links'
import { Notice } from '../../ui/Notice'
import { countLabel, ListHeading, PagedListView } from '../../ui/PagedListView'
import { Timestamp } from '../../ui/Timestamp'
import type { AuthorProfile } from './authorProfile'
import { useAuthorReviews } from './useAuthorProfile'
import '../../ui/Card.css'
import '../../ui/ProfilePostItem.css'

export interface AuthorReviewsProps {
  profile: AuthorProfile
}

const reviewIdOf = (review: UserReviewItem) => review._id

/** The Reviews tab: the reviews the author wrote of works the reader may see, newest first. */
export function AuthorReviews({ profile }: AuthorReviewsProps) {
  const { t } = useTranslation('author')
  const list = useAuthorReviews(profile.username)
  return (
    <section aria-labelledby="author-reviews">
      <ListHeading
        id="author-reviews"
        title={t('reviews.title')}
        count={countLabel(null, list)}
        onRefresh={list.refresh}
        refreshing={list.isRefreshing}
      />
      <PagedListView
        list={list}
        label={t('reviews.title')}
        loadingText={t('reviews.loading')}
        empty={<Notice title={t('reviews.empty')} />}
        idOf={reviewIdOf}
        renderItem={(review) => <AuthorReviewItem review={review} />}
      />
    </section>
  )
}

/** One review: the work it judged and its version, its rating, when, and how many found it helpful. */
function AuthorReviewItem({ review }: { review: UserReviewItem }) {
  const { t } = useTranslation('author')
  const locale = useIntlLocale()
  const path = postPath({ id: review.post.id })
  const title = review.post.title || t('common:postItem.untitled')
  const ratings = review.ratings
  const rating = ratings
    ? REVIEW_CRITERIA.reduce((sum, name) => sum + ratings[name], 0) / REVIEW_CRITERIA.length
    : null
  return (
    <article className="card list-card list-card--hover profile-post">
      <h3 className="profile-post__title">
        {path ? (
          <Link to={path} className="profile-post__link">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      <p className="profile-post__meta">
        <span>{t('reviews.version', { version: review.version })}</span>
        {review.withdrawn ? (
          <span className="profile-post__private">{t('reviews.withdrawn')}</span>
        ) : (
          rating !== null && (
            <span>
              {t('reviews.rating', {
                rating: new Intl.NumberFormat(locale, {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                }).format(rating),
              })}
            </span>
          )
        )}
        <span>{t('reviews.helpful', { count: review.helpful })}</span>
        <Timestamp value={review.created_at} />
      </p>
    </article>
  )
}
