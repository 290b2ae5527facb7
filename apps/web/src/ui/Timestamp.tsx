import { formatFull, formatRelative, parseTimestamp, useIntlLocale } from './format'

export interface TimestampProps {
  /** The API's timestamp text (ISO 8601). */
  value: string
  className?: string
}

/**
 * When something happened, in the viewer's time zone: relative for the last week, then the date; the
 * full timestamp on hover and for assistive technology. Text that is not a time is shown as it is.
 */
export function Timestamp({ value, className }: TimestampProps) {
  const locale = useIntlLocale()
  const date = parseTimestamp(value)
  if (!date) return <span className={className}>{value}</span>
  const full = formatFull(date, locale)
  return (
    <time className={className} dateTime={date.toISOString()} title={full}>
      {formatRelative(date, Date.now(), locale)}
    </time>
  )
}
