import type { TFunction } from 'i18next'
import { isApiError } from '../../api/client'
import { refusalText } from '../../ui/errorText'
import type { AuthMode } from './validation'

export interface AuthErrorText {
  title: string
  /** The specific reason (the words for the refusal's code), when there is one worth showing. */
  reason?: string
}

/** What the login/register card says when a submission fails (product-spec §8). */
export function authErrorText(mode: AuthMode, error: unknown, t: TFunction): AuthErrorText {
  const reachable = isApiError(error) && error.status > 0
  const offline =
    isApiError(error) && !reachable
      ? t(`common:api.${error.code === 'timeout' ? 'timeout' : 'network'}`)
      : undefined
  if (mode === 'register') {
    return {
      title: t('auth:errors.registrationFailed'),
      reason: reachable
        ? (refusalText(error, t) ?? t('common:api.failed'))
        : (offline ?? t('common:api.failed')),
    }
  }
  if (isApiError(error, 401)) return { title: t('auth:errors.invalidCredentials') }
  // Rate limit, validation, server trouble: the refusal's own words say more than a guess would.
  if (reachable) return { title: refusalText(error, t) ?? t('common:api.failed') }
  return { title: offline ?? t('common:api.failed') }
}
