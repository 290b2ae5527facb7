import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { isApiError } from '../../api/client'
import { useStaticShellHandover } from '../../app/staticShell'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { errorText } from '../../ui/errorText'
import { Spinner } from '../../ui/Spinner'
import { ReviewView } from './ReviewView'
import { useReviewPage } from './useReviewPage'
import '../../app/Screen.css'

/** A review on its own address, loaded by its id. */
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
  return <ReviewView review={review.data} />
}
