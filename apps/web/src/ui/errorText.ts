import { isErrorCode } from '@agora/contract/errors'
import type { TFunction } from 'i18next'
import { isApiError } from '../api/client'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** The refusal's values as i18next formats them: times become dates, so `{{until, datetime}}` works. */
function formatParams(params: Record<string, string | number> | undefined) {
  if (!params) return {}
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && ISO_TIME.test(value) ? new Date(value) : value,
    ]),
  )
}

/**
 * A refusal in the reader's language: the words for its `code` (locales/<language>/errors.json),
 * or null when the code is not one of the contract's (an old server, a proxy's error page).
 */
export function refusalText(error: unknown, t: TFunction): string | null {
  if (!isApiError(error) || !isErrorCode(error.code)) return null
  return t(`errors:${error.code}`, formatParams(error.params))
}

/**
 * What a failed call tells people: the words for its code, our own words for network trouble,
 * else `fallback` (an English sentence or a bare 5xx helps nobody).
 */
export function errorText(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.code === 'network') return t('common:api.network')
  if (error.code === 'timeout') return t('common:api.timeout')
  return refusalText(error, t) ?? fallback
}
