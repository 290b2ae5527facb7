import { describe, expect, it, vi } from 'vitest'
import { formatCompact } from './format'

// format.ts reads the language list only; the i18n setup itself needs a browser.
vi.mock('../i18n', () => ({ LANGUAGES: [] }))

describe('formatCompact', () => {
  it('writes what Intl compact notation writes, small counts included (they skip the formatter)', () => {
    for (const locale of ['en', 'zh-CN']) {
      const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
      for (const value of [0, 1, 7, 42, 999, 1000, 1234, 9999, 12_345, 1_500_000, 2.5, -3])
        expect(formatCompact(value, locale)).toBe(intl.format(value))
    }
  })
})
