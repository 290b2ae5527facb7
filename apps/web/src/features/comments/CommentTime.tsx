import { dateFormat, formatFull, parseTimestamp, useIntlLocale } from '../../ui/format'

export interface CommentTimeProps {
  value: string
}

/**
 * When a comment was written, in the short date-and-time format of the spec (en-US in English,
 * '11/22/26, 3:04 PM'; the reader's language otherwise), the full timestamp on hover. Text that is not
 * a time is shown as it is (spec §5).
 */
export function CommentTime({ value }: CommentTimeProps) {
  const language = useIntlLocale()
  const date = parseTimestamp(value)
  if (!date) return <span className="comment__time">{value}</span>
  const locale = language === 'en' ? 'en-US' : language
  const short = dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date)
  return (
    <time className="comment__time" dateTime={date.toISOString()} title={formatFull(date, locale)}>
      {short}
    </time>
  )
}
