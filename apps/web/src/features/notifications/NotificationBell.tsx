import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useSession } from '../../app/useSession'
import { formatCompact, useIntlLocale } from '../../ui/format'
import { icon } from '../../ui/icons'
import { useNotificationStream } from './useNotificationStream'
import { useUnreadCount } from './useNotifications'
import './NotificationBell.css'

const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'])

/**
 * The header's bell, for a signed-in reader on every screen and width: the unread count,
 * kept live by the notification stream, and the way to the notification list.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications')
  const locale = useIntlLocale()
  const { basic } = useSession()
  const unread = useUnreadCount()
  useNotificationStream(basic?.id ?? null)
  if (!basic) return null
  const count = unread ?? 0
  return (
    <NavLink
      to="/notifications"
      className="notification-bell"
      aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
    >
      <BellIcon />
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true" data-testid="unread-count">
          {count > 99 ? '99+' : formatCompact(count, locale)}
        </span>
      )}
    </NavLink>
  )
}
