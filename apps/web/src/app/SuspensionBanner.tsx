import { useTranslation } from 'react-i18next'
import { dateFormat, parseTimestamp, useIntlLocale } from '../ui/format'
import { useSession } from './useSession'
import './SuspensionBanner.css'

/**
 * Above every screen while the signed-in user is suspended: until when and why, and what
 * they may still do. The server refuses their writes with a 403 naming the same date.
 */
export function SuspensionBanner() {
  const { t } = useTranslation()
  const locale = useIntlLocale()
  const { user } = useSession()
  const until = parseTimestamp(user?.suspended_until)
  if (!user || !until || until.getTime() <= Date.now()) return null
  const date = dateFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(until)
  // The sentence goes on after the reason: its own closing full stop would double.
  const reason = user.suspension_reason.trim().replace(/[.。]+$/, '')
  return (
    <div className="suspension-banner" role="status">
      <p className="container suspension-banner__text">
        {reason ? t('suspension.banner', { date, reason }) : t('suspension.bannerNoReason', { date })}
      </p>
    </div>
  )
}
