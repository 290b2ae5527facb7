import type { TFunction } from 'i18next'
import { isApiError } from '../api/client'

/**
 * What a failed profile call tells people: the server's sentence for a refused request (4xx), our own
 * words for network trouble, else `fallback` (a 5xx detail helps nobody).
 */
export function errorText(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.code === 'network') return t('common:api.network')
  if (error.code === 'timeout') return t('common:api.timeout')
  if (error.status >= 400 && error.status < 500 && error.detail) return error.detail
  return fallback
}
