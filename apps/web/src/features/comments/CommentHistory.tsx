import { useTranslation } from 'react-i18next'
import HistoryDialog from '../../ui/HistoryDialog'
import { useCommentRevisions } from './useComments'

/** A comment's edit history with a word-level diff of each revision. */
export default function CommentHistory({ commentId, onClose }: { commentId: string; onClose: () => void }) {
  const { t } = useTranslation('comments')
  return (
    <HistoryDialog
      onClose={onClose}
      title={t('history.title')}
      revisions={useCommentRevisions(commentId)}
      fieldsOf={(item) => [{ name: 'content', label: t('edit.label'), text: item.content }]}
    />
  )
}
