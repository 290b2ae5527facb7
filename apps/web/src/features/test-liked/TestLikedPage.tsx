import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /test-liked — Developer test page for the liked-posts calls. Placeholder: a later issue builds this screen. */
export function TestLikedPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.testLiked')} />
}
