import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /forum — Forum list (Community Forum); reads ?search=. Placeholder: a later issue builds this screen. */
export function ForumListPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.forum')} />
}
