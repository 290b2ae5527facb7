import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import HistoryDialog from '../../ui/HistoryDialog'
import { useCommentRevisions } from './useComments'

/** A comment's edit history with a word-level diff of each revision (issue 26). */
export default function CommentHistory({ commentId, onClose }: { commentId: string; onClose: () => void }) {
  const { t } = useTranslation('comments')
  const revisions = useCommentRevisions(commentId)
  const entries =
    revisions.data?.items.map((item) => ({
      revision: item.revision,
      editorName: item.editor_name,
      createdAt: item.created_at,
      fields: [{ name: 'content', label: t('edit.label'), text: item.content }],
    })) ?? null
  return (
    <HistoryDialog
      open
      onClose={onClose}
      title={t('history.title')}
      entries={entries}
      error={
        revisions.isError
          ? isApiError(revisions.error)
            ? revisions.error.detail
            : t('history.failed')
          : null
      }
    />
  )
}
