import type { TFunction } from 'i18next'
import { isApiError } from '../../api/client'
import type { AuthMode } from './validation'

export interface AuthErrorText {
  title: string
  /** The specific reason (the server's `detail`), when there is one worth showing. */
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
      reason: reachable ? error.detail : (offline ?? t('common:api.failed')),
    }
  }
  if (isApiError(error, 401)) return { title: t('auth:errors.invalidCredentials') }
  // Rate limit, validation, server trouble: the server's own sentence says more than a guess would.
  if (reachable) return { title: error.status >= 500 ? t('common:api.failed') : error.detail }
  return { title: offline ?? t('common:api.failed') }
}
