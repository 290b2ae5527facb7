import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import HistoryDialog from '../../ui/HistoryDialog'
import { usePostRevisions } from './usePost'

/** The post's edit history with a word-level diff of each revision (issue 26). */
export default function PostHistory({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation('post')
  const revisions = usePostRevisions(postId, true)
  const entries =
    revisions.data?.items.map((item) => ({
      revision: item.revision,
      editorName: item.editor_name,
      createdAt: item.created_at,
      fields: [
        { name: 'title', label: t('edit.fields.title'), text: item.title },
        { name: 'summary', label: t('edit.fields.summary'), text: item.summary },
        { name: 'content', label: t('edit.fields.content'), text: item.content },
        { name: 'tags', label: t('edit.fields.tags'), text: item.tags.join(', ') },
        {
          name: 'visibility',
          label: t('edit.fields.visibility'),
          text: t(`edit.visibility.${item.visibility}`),
        },
      ],
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
