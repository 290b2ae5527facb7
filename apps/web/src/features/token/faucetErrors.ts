import type { TFunction } from 'i18next'
import { isApiError } from '../../api/client'

/**
 * What the token page says when a faucet call fails: the server's `detail` (e.g. 'Invalid Solana
 * address', the §8 token texts, a limit with when it frees up); the app's own sentence when the
 * server could not be reached or hid an internal error.
 */
export function faucetErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.status === 0) return t(`common:api.${error.code === 'timeout' ? 'timeout' : 'network'}`)
    if (error.status !== 500) return error.detail
  }
  return t('token:failed')
}
