import { useTranslation } from 'react-i18next'
import HistoryDialog from '../../ui/HistoryDialog'
import { usePostRevisions } from './usePost'

/** The post's edit history with a word-level diff of each revision. */
export default function PostHistory({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation('post')
  return (
    <HistoryDialog
      onClose={onClose}
      title={t('history.title')}
      revisions={usePostRevisions(postId)}
      fieldsOf={(item) => [
        { name: 'title', label: t('edit.fields.title'), text: item.title },
        { name: 'summary', label: t('edit.fields.summary'), text: item.summary },
        { name: 'content', label: t('edit.fields.content'), text: item.content },
        { name: 'tags', label: t('edit.fields.tags'), text: item.tags.join(', ') },
        {
          name: 'visibility',
          label: t('edit.fields.visibility'),
          text: t(`edit.visibility.${item.visibility}`),
        },
      ]}
    />
  )
}
