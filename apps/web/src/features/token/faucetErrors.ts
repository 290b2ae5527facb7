import type { TFunction } from 'i18next'
import { errorText } from '../../ui/errorText'

/**
 * What the token page says when a faucet call fails: the refusal's words (e.g. 'Invalid Solana
 * address', the §8 token texts, a limit with when it frees up), else the app's own sentence.
 */
export function faucetErrorText(error: unknown, t: TFunction): string {
  return errorText(error, t, t('token:failed'))
}
