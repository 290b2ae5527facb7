import { useTranslation } from 'react-i18next'
import { PlaceholderScreen } from '../../app/PlaceholderScreen'

/** /upload — Upload page (Decentralized Storage on IPFS). Placeholder: a later issue builds this screen. */
export function UploadPage() {
  const { t } = useTranslation()
  return <PlaceholderScreen title={t('screens.upload')} />
}
