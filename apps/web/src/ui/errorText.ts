import { isErrorCode } from '@agora/contract/errors'
import type { TFunction } from 'i18next'
import { isApiError } from '../api/client'
import { currentLanguage } from '../i18n'

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
 * A refusal in the reader's language, or null when there is none worth showing (no answer, a 500).
 * An English reader gets the server's own sentence (English, and as precise as the case: the spec's
 * texts); others the words for its `code` (locales/<language>/errors.json).
 */
export function refusalText(
  error: unknown,
  t: TFunction,
  language: string = currentLanguage(),
): string | null {
  if (!isApiError(error) || error.status < 400 || error.status === 500) return null
  const known = isErrorCode(error.code)
  if (language === 'en' && error.detail && (known || error.status < 500)) return error.detail
  return known ? t(`errors:${error.code}`, formatParams(error.params)) : null
}

/** What a failed call tells people: the refusal's words, our own for network trouble, else `fallback`. */
export function errorText(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.code === 'network') return t('common:api.network')
  if (error.code === 'timeout') return t('common:api.timeout')
  return refusalText(error, t) ?? fallback
}
