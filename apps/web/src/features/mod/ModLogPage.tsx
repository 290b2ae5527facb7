import type { ModLogEntry, UserRole } from '@agora/contract'
import { USER_ROLES } from '@agora/contract/limits'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { dateFormat, parseTimestamp, useIntlLocale } from '../../ui/format'
import { QueryListView } from '../../ui/QueryListView'
import { TableHead } from '../../ui/TableHead'
import { Timestamp } from '../../ui/Timestamp'
import { ModActionDialog } from './ModActionDialog'
import { TRUST_SETTINGS, type TrustSetting, useModLog } from './useModeration'
import '../../app/Screen.css'
import '../../ui/Card.css'
import './ModPage.css'

/**
 * /mod/log: every moderator decision, newest first, for anyone. Moderators also see who
 * decided (the server sends the name only to them), and can restore what was hidden or lift a suspension.
 */
export function ModLogPage() {
  const { t } = useTranslation('moderation')
  useDocumentMeta({ title: t('log.metaTitle'), description: t('log.metaDescription') })
  const { user } = useSession()
  const moderating = user?.role === 'moderator' || user?.role === 'admin'
  const log = useModLog(user?.id ?? null)
  const entries = log.data?.pages.flatMap((page) => page.items) ?? []
  const named = entries.some((entry) => entry.moderator !== undefined)
  const [undoing, setUndoing] = useState<ModLogEntry | null>(null)

  return (
    <div className="container screen screen--sections mod-page stack">
      <div>
        <h1 className="screen__title">{t('log.title')}</h1>
        <p className="mod-page__lead">{t('log.lead')}</p>
      </div>
      <QueryListView query={log} count={entries.length} text={(key) => t(`log.${key}`)}>
        <table className="card mod-log">
          <caption className="visually-hidden">{t('log.caption')}</caption>
          <TableHead
            columns={[
              t('log.when'),
              t('log.action'),
              t('log.target'),
              t('log.reason'),
              named && t('log.moderator'),
              moderating && t('log.manage'),
            ]}
          />
          <tbody>
            {entries.map((entry) => (
              <LogRow
                key={entry.id}
                entry={entry}
                named={named}
                moderating={moderating}
                onUndo={() => setUndoing(entry)}
              />
            ))}
          </tbody>
        </table>
      </QueryListView>
      {undoing && (
        <ModActionDialog
          action={{
            decision: undoing.action === 'suspend' ? 'unsuspend' : 'restore',
            reportId: null,
            targetType: undoing.target_type,
            targetId: undoing.target_id,
            userId: undoing.target_id,
          }}
          title={undoing.target_label || t('log.gone')}
          userName={undoing.target_label}
          onClose={() => setUndoing(null)}
        />
      )}
    </div>
  )
}

function isRole(value: string | undefined): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value ?? '')
}

function isTrustSetting(value: string | undefined): value is TrustSetting {
  return (TRUST_SETTINGS as readonly string[]).includes(value ?? '')
}

function targetPath(entry: ModLogEntry): string | null {
  if (entry.target_type === 'post') return `/forum/detail/${encodeURIComponent(entry.target_id)}`
  if (entry.target_type === 'user') return `/author/${encodeURIComponent(entry.target_id)}`
  return null
}

interface LogRowProps {
  entry: ModLogEntry
  named: boolean
  moderating: boolean
  onUndo: () => void
}

function LogRow({ entry, named, moderating, onUndo }: LogRowProps) {
  const { t } = useTranslation('moderation')
  const locale = useIntlLocale()
  const label = entry.target_label || t('log.gone')
  const path = entry.target_label ? targetPath(entry) : null
  const until = entry.action === 'suspend' ? parseTimestamp(entry.detail) : null
  const detail = until
    ? t('log.until', { date: dateFormat(locale, { dateStyle: 'medium' }).format(until) })
    : (entry.action === 'grant' || entry.action === 'revoke') && isRole(entry.detail)
      ? t(`moderators.roles.${entry.detail}`)
      : entry.action === 'trust' && isTrustSetting(entry.detail)
        ? t(`trustLevels.${entry.detail}`)
        : undefined
  // What a moderator can undo from here: a hidden post or comment, a suspension.
  const undo =
    entry.action === 'hide' && entry.target_type !== 'user'
      ? { label: t('log.restoreLabel', { title: label }), text: t('actions.restore') }
      : entry.action === 'suspend' && entry.target_label
        ? { label: t('log.unsuspendLabel', { name: entry.target_label }), text: t('actions.unsuspend') }
        : null
  return (
    <tr>
      <td data-label={t('log.when')} className="mod-log__nowrap">
        <span>
          <Timestamp value={entry.created_at} />
        </span>
      </td>
      <td data-label={t('log.action')}>
        <span className="mod-log__text">
          <span className="mod-log__action">{t(`log.actions.${entry.action}`)}</span>
          {detail && <span className="mod-log__detail"> {detail}</span>}
        </span>
      </td>
      <td data-label={t('log.target')}>
        <span className="mod-log__text">
          <span className="mod-badge">{t(`targetTypes.${entry.target_type}`)}</span>{' '}
          {path ? <Link to={path}>{label}</Link> : label}
        </span>
      </td>
      <td data-label={t('log.reason')}>
        <span className="mod-log__text">{entry.reason}</span>
      </td>
      {named && (
        <td data-label={t('log.moderator')}>
          {entry.moderator && <span className="mod-log__text">{entry.moderator}</span>}
        </td>
      )}
      {moderating && (
        <td data-label={t('log.manage')}>
          {undo && (
            <span>
              <Button size="sm" aria-haspopup="dialog" aria-label={undo.label} onClick={onUndo}>
                {undo.text}
              </Button>
            </span>
          )}
        </td>
      )}
    </tr>
  )
}
