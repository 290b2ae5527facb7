import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /token — Token page (Token Management / Get Tokens). Placeholder: a later issue builds this screen. */
export function TokenPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.token')} />
}
