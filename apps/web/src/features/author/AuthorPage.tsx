import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /author/:id — Author profile. Placeholder: a later issue builds this screen. */
export function AuthorPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.author')} />
}
