import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /forum/detail/:id — Post detail (a #commentId may follow). Placeholder: a later issue builds this screen. */
export function PostDetailPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.postDetail')} />
}
