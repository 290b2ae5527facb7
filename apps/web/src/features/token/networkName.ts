import type { TokenInfoResponse } from '@agora/contract'
import { useTranslation } from 'react-i18next'

/**
 * The network's name in the reader's language: the embedded chain is named by the app (the server
 * says "Local test chain" in English); a public cluster keeps the server's name.
 */
export function useNetworkName(info: Pick<TokenInfoResponse, 'cluster' | 'network_name'> | undefined) {
  const { t } = useTranslation()
  if (!info) return null
  return info.cluster === 'local' ? t('network.local') : info.network_name
}
