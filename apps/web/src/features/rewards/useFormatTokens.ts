import { useCallback } from 'react'
import { useIntlLocale } from '../../ui/format'
import { type FormatTokensOptions, formatTokens } from './amounts'

/** formatTokens in the current language: `const tokens = useFormatTokens(); tokens(entry.amount)`. */
export function useFormatTokens() {
  const locale = useIntlLocale()
  return useCallback(
    (units: string | bigint, options?: FormatTokensOptions) => formatTokens(units, locale, options),
    [locale],
  )
}
