/**
 * Number, size and date formatting in the reader's language (Intl), for any screen:
 *
 *   const locale = useIntlLocale()
 *   formatCompact(12_345, locale)   // '12K' / '1.2万'
 *   formatBytes(1_572_864, locale)  // '1.5 MB'
 */
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../i18n'

/** The BCP 47 tag of the active language ('en', 'zh-CN'), for Intl formatters. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation()
  const code = i18n.resolvedLanguage ?? i18n.language
  return LANGUAGES.find((language) => language.code === code)?.htmlLang ?? 'en'
}

/**
 * Intl formatters are slow to make (the first compact or full-date one of a page took tens of
 * milliseconds of a slow phone's main thread), so each locale and set of options makes one.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  return cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
}

/** 1234 → '1.2K' (English), '1234' (Chinese), 12345 → '12K' / '1.2万'. */
export function formatCompact(value: number, locale: string): string {
  // Below 1000 every supported language writes the plain digits: no formatter needed.
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value)
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value)
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** A size in bytes with a binary step (1 KB = 1024 bytes), as file managers show it. */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes)
  let unit = 0
  // Step up from 1000 on, so a figure never shows four digits ('0.98 MB', not '1,000.5 kB').
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  // Intl spells a lone byte out ('326 byte'); 'B' reads like the larger units beside it.
  if (unit === 0) return `${numberFormat(locale).format(Math.round(value))} B`
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 2 : 1,
  }).format(value)
}

/**
 * A timestamp from the API as a Date, or null when it cannot be read. Fractional seconds longer than
 * milliseconds are cut to 3 digits first (spec §9), which some engines otherwise reject.
 */
export function parseTimestamp(raw: string | null | undefined): Date | null {
  if (!raw) return null
  const trimmed = raw.trim().replace(/(\.\d{3})\d+/, '$1')
  const time = Date.parse(trimmed)
  return Number.isNaN(time) ? null : new Date(time)
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
]

/** '5 minutes ago', 'yesterday'… for the last week; the date after that. In the viewer's time zone. */
export function formatRelative(date: Date, now: number, locale: string): string {
  let amount = (date.getTime() - now) / 1000
  if (Math.abs(amount) < 45) return relativeFormat(locale).format(0, 'second')
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat(locale).format(Math.round(amount), unit)
    amount /= size
  }
  return dateFormat(locale, { dateStyle: 'medium' }).format(date)
}

/** The full timestamp with the time zone, e.g. for a tooltip. */
export function formatFull(date: Date, locale: string): string {
  return dateFormat(locale, { dateStyle: 'full', timeStyle: 'long' }).format(date)
}

/** The UTC day of a moment ('Mar 15, 2026'): a deadline named by its date, wherever it is read. */
export function formatUtcDay(iso: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
}
