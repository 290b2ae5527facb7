import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useIntlLocale } from '../../ui/format'
import type { FormatTokensOptions } from './amounts'
import { tokenText } from './rewardText'

/** tokenText in the current language: `const tokens = useTokenText(); tokens(entry.amount)`. */
export function useTokenText() {
  const { t } = useTranslation()
  const locale = useIntlLocale()
  return useCallback(
    (units: string | bigint, options?: FormatTokensOptions) => tokenText(t, locale, units, options),
    [t, locale],
  )
}
