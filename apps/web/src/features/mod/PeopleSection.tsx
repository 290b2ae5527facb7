import type { ModUserResponse } from '@agora/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { dateFormat, parseTimestamp, useIntlLocale } from '../../ui/format'
import { SectionCard } from '../../ui/SectionCard'
import { ModActionDialog } from './ModActionDialog'
import { PersonSearch } from './PersonSearch'
import { TRUST_DECISIONS, TRUST_SETTINGS, type TrustSetting } from './useModeration'

/**
 * Moderators: finding a person by name to see their standing and set how far they are trusted, or
 * let account age and unreported activity decide again.
 */
export function PeopleSection({ viewerId }: { viewerId: string }) {
  const { t } = useTranslation('moderation')
  const locale = useIntlLocale()
  const [change, setChange] = useState<{ user: ModUserResponse; setting: TrustSetting } | null>(null)

  const standing = (user: ModUserResponse) => {
    const suspendedUntil = parseTimestamp(user.suspended_until)
    const suspended = suspendedUntil && suspendedUntil.getTime() > Date.now() ? suspendedUntil : null
    return (
      <span className="mod-person__standing">
        <span className="mod-person__trust">
          {t('people.trust', {
            level: t(`trustLevels.${user.trust}`),
            source: user.trust_override ? t('people.override') : t('people.automatic'),
          })}
        </span>
        {suspended && (
          <span className="mod-badge mod-badge--warning">
            {t('queue.suspendedUntil', {
              date: dateFormat(locale, { dateStyle: 'medium' }).format(suspended),
            })}
          </span>
        )}
        {suspended && user.suspension_reason && (
          <span className="mod-person__note">{user.suspension_reason}</span>
        )}
      </span>
    )
  }

  // The setting in force is shown pressed; the other two open the reason dialog.
  const trustButtons = (user: ModUserResponse) => {
    const current: TrustSetting = user.trust_override ?? 'auto'
    return (
      <fieldset className="mod-trust cluster">
        <legend className="visually-hidden">{t('people.setTrust', { name: user.username })}</legend>
        {TRUST_SETTINGS.map((setting) => (
          <Button
            key={setting}
            size="sm"
            variant={setting === current ? 'primary' : 'secondary'}
            aria-pressed={setting === current}
            aria-haspopup={setting === current ? undefined : 'dialog'}
            aria-label={t(`people.setLabel.${setting}`, { name: user.username })}
            onClick={() => {
              if (setting !== current) setChange({ user, setting })
            }}
          >
            {t(`trustLevels.${setting}`)}
          </Button>
        ))}
      </fieldset>
    )
  }

  return (
    <SectionCard block="mod-section" className="stack" title={t('people.title')} lead={t('people.lead')}>
      <PersonSearch viewerId={viewerId} details={standing} action={trustButtons} />
      {change && (
        <ModActionDialog
          action={{
            decision: TRUST_DECISIONS[change.setting],
            reportId: null,
            targetType: 'user',
            targetId: change.user.id,
            userId: change.user.id,
          }}
          title={change.user.username}
          userName={change.user.username}
          onClose={() => setChange(null)}
        />
      )}
    </SectionCard>
  )
}
