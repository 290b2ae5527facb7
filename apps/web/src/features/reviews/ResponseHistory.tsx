import { useTranslation } from 'react-i18next'
import HistoryDialog from '../../ui/HistoryDialog'
import { useResponseRevisions } from './useReviews'

/** The author's answer's edit history, each revision's words against the one before. */
export default function ResponseHistory({ reviewId, onClose }: { reviewId: string; onClose: () => void }) {
  const { t } = useTranslation('reviews')
  const revisions = useResponseRevisions(reviewId)
  // Only the work's author writes the answer: every revision is theirs.
  const items = revisions.data?.items.map((item) => ({ ...item, editor_name: t('response.editor') }))
  return (
    <HistoryDialog
      onClose={onClose}
      title={t('response.historyTitle')}
      revisions={{ ...revisions, data: items && { items } }}
      fieldsOf={(item) => [{ name: 'content', label: t('response.historyText'), text: item.content }]}
    />
  )
}
