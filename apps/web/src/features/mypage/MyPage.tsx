import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /mypage — Own profile page. Placeholder: a later issue builds this screen. */
export function MyPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.mypage')} />
}
