import type { OwnUserResponse } from '@agora/contract'
import { normaliseOrcid, ORCID_MAX } from '@agora/contract/limits'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { EditableField } from '../../api/profiles'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { InlineList } from '../../ui/InlineList'
import { LogoutIcon } from '../../ui/icons'
import { displayUrl, safeWebUrl } from '../../ui/links'
import { OrcidBadge } from '../../ui/OrcidBadge'
import { AvatarUpload } from './AvatarUpload'
import { EditableText } from './EditableText'
import { MailIcon, PhoneIcon, SettingsIcon } from './icons'
import { OWN_PAGE_LIMITS, usernameProblem } from './profileLimits'

/** The fields edited as plain text, each shown in its own style. */
const PLAIN_FIELDS = ['nickname', 'title'] as const

export interface ProfileCardProps {
  user: OwnUserResponse
  onSaveField: (field: EditableField, value: string) => void
  onUploadAvatar: (file: File, preview: string) => Promise<boolean>
  onOpenSettings: () => void
  onLogout: () => void
  loggingOut: boolean
}

/**
 * The own page's header (product-spec §2): clickable avatar, editable username, title, website and
 * ORCID iD, email and phone as they are saved, Settings and Logout.
 */
export function ProfileCard({
  user,
  onSaveField,
  onUploadAvatar,
  onOpenSettings,
  onLogout,
  loggingOut,
}: ProfileCardProps) {
  const { t } = useTranslation('mypage')
  const website = user.url ? safeWebUrl(user.url) : null
  // The username is the sign-in name: a change is confirmed first, saying so.
  const [newName, setNewName] = useState<string | null>(null)
  return (
    <section className="mypage-card" aria-label={t('card.label')}>
      <AvatarUpload name={user.username} avatar={user.avatar} onUpload={onUploadAvatar} />
      <div className="mypage-card__fields">
        <EditableText
          heading
          valueClassName="mypage-card__name"
          label={t('fields.username')}
          value={user.username}
          maxLength={OWN_PAGE_LIMITS.username}
          emptyText={t('fields.username')}
          validate={(draft) => {
            const problem = usernameProblem(draft)
            return problem ? t(`usernameProblem.${problem}`, { max: OWN_PAGE_LIMITS.username }) : null
          }}
          onSave={setNewName}
        />
        <ConfirmDialog
          open={newName !== null}
          title={t('renameConfirm.title')}
          message={t('renameConfirm.message', { name: newName, old: user.username })}
          confirmLabel={t('renameConfirm.confirm')}
          cancelLabel={t('renameConfirm.cancel', { old: user.username })}
          onConfirm={() => {
            if (newName) onSaveField('username', newName)
            setNewName(null)
          }}
          onCancel={() => setNewName(null)}
        />
        {PLAIN_FIELDS.map((field) => (
          <EditableText
            key={field}
            label={t(`fields.${field}`)}
            value={user[field]}
            maxLength={OWN_PAGE_LIMITS[field]}
            emptyText={t(`empty.${field}`)}
            valueClassName={`mypage-card__${field}`}
            onSave={(value) => onSaveField(field, value)}
          />
        ))}
        <EditableText
          label={t('fields.url')}
          value={user.url}
          maxLength={OWN_PAGE_LIMITS.url}
          inputType="url"
          emptyText={t('empty.url')}
          display={
            website ? (
              <a href={website} target="_blank" rel="noopener noreferrer">
                {displayUrl(user.url)}
              </a>
            ) : undefined
          }
          onSave={(value) => onSaveField('url', value)}
        />
        <EditableText
          label={t('fields.orcid')}
          value={user.orcid}
          maxLength={ORCID_MAX}
          emptyText={t('empty.orcid')}
          display={user.orcid ? <OrcidBadge orcid={user.orcid} verified={user.orcid_verified} /> : undefined}
          validate={(draft) => (normaliseOrcid(draft) === null ? t('orcidProblem') : null)}
          onSave={(value) => onSaveField('orcid', value)}
        />
        <InlineList gap="wide" spaced className="mypage-card__contact">
          <li>
            <MailIcon size={16} />
            <span className="visually-hidden">{t('fields.email')}: </span>
            <span className={user.email ? undefined : 'mypage-muted'}>{user.email || t('empty.email')}</span>
          </li>
          <li>
            <PhoneIcon size={16} />
            <span className="visually-hidden">{t('fields.phone')}: </span>
            <span className={user.phone ? undefined : 'mypage-muted'}>{user.phone || t('empty.phone')}</span>
          </li>
        </InlineList>
        <p className="mypage-card__public">
          <Link to={`/author/${encodeURIComponent(user.id)}`}>{t('card.publicProfile')}</Link>
        </p>
      </div>
      <div className="mypage-card__actions">
        <Button icon={<SettingsIcon size={18} />} onClick={onOpenSettings} aria-haspopup="dialog">
          {t('settings.open')}
        </Button>
        <Button variant="ghost" icon={<LogoutIcon size={18} />} onClick={onLogout} loading={loggingOut}>
          {t('logout')}
        </Button>
      </div>
    </section>
  )
}
