import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** / — Home. Placeholder: a later issue builds this screen. */
export function HomePage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.home')} />
}
