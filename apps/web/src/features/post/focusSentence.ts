import type { TFunction } from 'i18next'

/** At most this many words are named; a longer list reads as a keyword dump. */
const FOCUS_NAMED = 4

/**
 * The analysis's focus as a sentence in the reader's language: "Following your instruction, the
 * analysis focuses on security, gateways and caching." (the list joined by Intl.ListFormat).
 */
export function focusSentence(t: TFunction, language: string, terms: string[]): string {
  const named = terms.slice(0, FOCUS_NAMED)
  const rest = terms.length - named.length
  const items = rest > 0 ? [...named, t('ai.focusMore', { count: rest })] : named
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items)
  return t('ai.focus', { terms: list })
}
