import type { NotificationItem, NotificationKindName } from '@agora/contract'
import { NOTIFICATION_KINDS } from '@agora/contract/limits'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Avatar } from '../../ui/Avatar'
import { Button } from '../../ui/Button'
import { useIntlLocale } from '../../ui/format'
import { Loading } from '../../ui/Loading'
import { QueryListView } from '../../ui/QueryListView'
import { QueryState } from '../../ui/QueryState'
import { SectionCard } from '../../ui/SectionCard'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import { SignInScreen } from '../auth'
import { NotificationMailPanel } from './NotificationMailPanel'
import { notificationText } from './notificationText'
import {
  useMarkRead,
  useNotificationList,
  useNotificationSettings,
  useUnreadCount,
  useUpdateNotificationSettings,
} from './useNotifications'
import '../../ui/Card.css'
import '../../app/Screen.css'
import './NotificationsPage.css'

/** /notifications: one's notifications, newest first, and which kinds to get. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications')
  useDocumentMeta({ title: t('meta.title'), description: t('meta.description') })
  const { status, basic } = useSession()
  if (status === 'anonymous') return <SignInScreen title={t('title')} lead={t('loginLead')} />
  if (!basic) return <Loading text={t('loading')} block />
  return (
    <div className="container screen screen--sections notifications-page stack">
      <NotificationList userId={basic.id} />
      <NotificationSettingsPanel userId={basic.id} />
      <NotificationMailPanel userId={basic.id} />
    </div>
  )
}

function NotificationList({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications')
  const list = useNotificationList(userId)
  const unread = useUnreadCount() ?? 0
  const markRead = useMarkRead(userId)
  const items = list.data?.pages.flatMap((page) => page.items) ?? []

  const markAll = () =>
    markRead.mutate('all', { onError: () => toast.error(t('markAllFailed'), { duration: 3000 }) })

  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <div className="notifications__head cluster">
        <div>
          <h1 id="notifications-title" className="screen__title">
            {t('title')}
          </h1>
          <p className="notifications-page__lead">{t('lead')}</p>
        </div>
        <Button onClick={markAll} disabled={unread === 0} loading={markRead.isPending && !markRead.variables}>
          {t('markAllRead')}
        </Button>
      </div>
      <QueryListView query={list} count={items.length} text={t}>
        <ul className="notifications__list card">
          {items.map((item) => (
            <NotificationEntry
              key={item.id}
              item={item}
              onOpen={() => !item.read && markRead.mutate([item.id])}
            />
          ))}
        </ul>
      </QueryListView>
    </section>
  )
}

function NotificationEntry({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { t } = useTranslation('notifications')
  const locale = useIntlLocale()
  const classes = ['notification', !item.read && 'notification--unread'].filter(Boolean).join(' ')
  return (
    <li className={classes}>
      <Link to={item.target_url} className="notification__link" onClick={onOpen}>
        {item.actor ? (
          <Avatar src={item.actor.avatar} name={item.actor.username} size={36} />
        ) : (
          <span className="notification__system" aria-hidden="true" />
        )}
        <span className="notification__body">
          <span className="notification__text">
            {!item.read && <span className="visually-hidden">{t('unread')}: </span>}
            {notificationText(item, t, locale)}
          </span>
          {item.excerpt && <span className="notification__excerpt">{item.excerpt}</span>}
          <Timestamp value={item.created_at} className="notification__time" />
        </span>
        {!item.read && <span className="notification__dot" aria-hidden="true" />}
      </Link>
    </li>
  )
}

function NotificationSettingsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications')
  const settings = useNotificationSettings(userId)
  const update = useUpdateNotificationSettings(userId)
  // What the reader just chose, held in React state so the box shows it within the click's own
  // event: the query cache tells its observers a task later, and a controlled checkbox snaps back
  // meanwhile. Dropped once the save settles (the cache then holds the answer, or the old value).
  const [chosen, setChosen] = useState<Partial<Record<NotificationKindName, boolean>>>({})
  const change = (kind: NotificationKindName, on: boolean) => {
    setChosen((current) => ({ ...current, [kind]: on }))
    update.mutate(
      { [kind]: on },
      {
        onError: () => toast.error(t('settings.saveFailed'), { duration: 3000 }),
        onSettled: () =>
          setChosen((current) => {
            const { [kind]: _settled, ...rest } = current
            return rest
          }),
      },
    )
  }

  return (
    <SectionCard block="notifications-settings" title={t('settings.title')} lead={t('settings.lead')}>
      <QueryState
        query={settings}
        loading={t('settings.loading')}
        failed={t('settings.failed')}
        failure="notice"
      >
        {(saved) => (
          <ul className="notifications-settings__list">
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind}>
                <label className="notifications-settings__option">
                  <input
                    type="checkbox"
                    checked={chosen[kind] ?? saved[kind]}
                    onChange={(event) => change(kind, event.target.checked)}
                  />
                  {t(`settings.kinds.${kind}`)}
                </label>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  )
}
