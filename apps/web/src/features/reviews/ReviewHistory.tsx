import type { ReviewView } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { REVIEW_CRITERIA } from '../../api/reviews'
import HistoryDialog from '../../ui/HistoryDialog'
import { useReviewRevisions } from './useReviews'

/** A review's edit history, each revision's words against the one before. */
export default function ReviewHistory({ review, onClose }: { review: ReviewView; onClose: () => void }) {
  const { t } = useTranslation('reviews')
  const revisions = useReviewRevisions(review._id)
  // Only the reviewer edits a review: every revision is theirs.
  const items = revisions.data?.items.map((item) => ({ ...item, editor_name: review.reviewer.username }))
  return (
    <HistoryDialog
      onClose={onClose}
      title={t('history.title')}
      revisions={{ ...revisions, data: items && { items } }}
      fieldsOf={(item) => [
        { name: 'summary', label: t('history.summary'), text: item.summary },
        {
          name: 'ratings',
          label: t('history.ratings'),
          text: [
            ...REVIEW_CRITERIA.map((name) => `${t(`criteria.${name}`)} ${item.ratings[name]}`),
            `${t('confidence')} ${item.confidence}`,
          ].join(' · '),
        },
        { name: 'interests', label: t('history.interests'), text: item.competing_interests },
      ]}
    />
  )
}
