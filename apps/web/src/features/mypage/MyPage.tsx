import type { OwnUserResponse } from '@agora/contract'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { getMailSettings } from '../../api/account'
import { notificationKeys } from '../../api/queryKeys'
import { ErrorScreen } from '../../app/ErrorScreen'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useLogout } from '../../app/useLogout'
import { Loading } from '../../ui/Loading'
import { Notice } from '../../ui/Notice'
import { SignInScreen } from '../auth'
import { RewardsCard } from '../rewards/RewardsCard'
import { WalletCard } from '../wallet/WalletCard'
import { MyTabs } from './MyTabs'
import { ProfileCard } from './ProfileCard'
import { SettingsPanel } from './SettingsPanel'
import { useOwnUser } from './useOwnUser'
import { useProfileEdits } from './useProfileEdits'
import './MyPage.css'

/**
 * /mypage — the signed-in user's own page (product-spec §2, §4): the login card when signed out,
 * 'Loading user data' (at least 1 s), a full-page error with Retry and Back, or the profile with inline
 * editing, avatar upload, the Settings panel, Logout, the rewards and wallet cards and the six tabs.
 */
export function MyPage() {
  const { t } = useTranslation('mypage')
  const navigate = useNavigate()
  const state = useOwnUser()
  useDocumentMeta({ title: t('common:screens.mypage'), description: t('common:descriptions.mypage') })

  if (state.status === 'anonymous')
    return <SignInScreen title={t('common:screens.mypage')} lead={t('loginLead')} />
  if (state.status === 'loading') return <Loading block text={t('loading')} />
  if (state.status === 'error') {
    return (
      <ErrorScreen
        message={t('loadFailed')}
        onRetry={state.retry}
        onBack={() => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'))}
      />
    )
  }
  return <OwnProfile user={state.user} />
}

function OwnProfile({ user }: { user: OwnUserResponse }) {
  const edits = useProfileEdits(user)
  const logout = useLogout()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const contact = useMemo(() => ({ email: user.email, phone: user.phone }), [user.email, user.phone])

  return (
    <div className="container mypage">
      <Welcome user={user} />
      <div className="mypage__top">
        <ProfileCard
          user={user}
          onSaveField={(field, value) => void edits.saveField(field, value)}
          onUploadAvatar={edits.saveAvatar}
          onOpenSettings={() => setSettingsOpen(true)}
          onLogout={() => logout.mutate()}
          loggingOut={logout.isPending}
        />
        <div className="mypage__side">
          <RewardsCard userId={user.id} tabHref="?tab=rewards" />
          <WalletCard className="mypage__wallet" />
        </div>
      </div>
      <MyTabs user={user} onSaveBio={(bio) => void edits.saveField('bio', bio)} />
      <SettingsPanel
        open={settingsOpen}
        settings={user.settings}
        contact={contact}
        onSettingsChange={edits.saveSettings}
        onSaveContact={async (changes) => {
          const saves = [
            changes.email !== undefined && edits.saveContact('email', changes.email),
            changes.phone !== undefined && edits.saveContact('phone', changes.phone),
          ]
          return (await Promise.all(saves)).every((kept) => kept !== false)
        }}
        onClose={() => setSettingsOpen(false)}
      />
    </div>
  )
}

/**
 * After registering (`?welcome=1`): what a new member can do first, until they dismiss it; with an
 * address given, that a verification link was mailed, and where it lies when the server has no mail server.
 */
function Welcome({ user }: { user: OwnUserResponse }) {
  const { t } = useTranslation('mypage')
  const [params, setParams] = useSearchParams()
  const shown = params.get('welcome') === '1'
  const unverified = Boolean(user.email) && !user.email_verified
  const mail = useQuery({
    queryKey: notificationKeys.mail(user.id),
    queryFn: ({ signal }) => getMailSettings(signal),
    enabled: shown && unverified,
  })
  if (!shown) return null
  const dismiss = () =>
    setParams(
      (current) => {
        current.delete('welcome')
        return current
      },
      { replace: true },
    )
  return (
    <section className="mypage-welcome" aria-labelledby="mypage-welcome-title">
      <Notice
        title={t('welcome.title')}
        action={
          <div className="mypage-welcome__actions cluster">
            <Link className="btn btn--primary btn--sm" to="/upload">
              {t('welcome.upload')}
            </Link>
            <Link className="btn btn--secondary btn--sm" to="/forum">
              {t('welcome.forum')}
            </Link>
            <button type="button" className="btn btn--ghost btn--sm" onClick={dismiss}>
              {t('welcome.dismiss')}
            </button>
          </div>
        }
      >
        <span id="mypage-welcome-title">{t('welcome.text')}</span>
        {unverified && (
          <span className="mypage-welcome__mail">
            {' '}
            {t('welcome.verifySent', { email: user.email })}
            {mail.data?.delivery === 'folder' && <> {t('welcome.verifyFolder')}</>}
          </span>
        )}
      </Notice>
    </section>
  )
}
