import type { OwnUserResponse, SessionItem } from '@agora/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  changePassword,
  getSessions,
  requestVerification,
  revokeOtherSessions,
  revokeSession,
} from '../../api/account'
import { accountKeys } from '../../api/queryKeys'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { QueryState } from '../../ui/QueryState'
import { SectionCard } from '../../ui/SectionCard'
import { Timestamp } from '../../ui/Timestamp'
import { toast } from '../../ui/toast'
import { AccountAlert } from './AccountScreen'
import { DeleteSection, ExportSection } from './LeaveSections'
import { OrcidSection } from './OrcidSection'
import { CurrentPasswordField, type NewPassword, newPasswordProblems, PasswordFields } from './PasswordFields'
import '../../ui/Card.css'
import './AccountTab.css'

/** My page's Account tab: the address and whether it is verified, the password, and where one is signed in. */
export function AccountTab({ user }: { user: OwnUserResponse }) {
  return (
    <div className="account-tab stack">
      <EmailSection user={user} />
      <ChangePasswordSection />
      <OrcidSection user={user} />
      <SessionsSection userId={user.id} />
      <ExportSection userId={user.id} />
      <DeleteSection />
    </div>
  )
}

function EmailSection({ user }: { user: OwnUserResponse }) {
  const { t } = useTranslation('account')
  const send = useMutation({
    mutationFn: requestVerification,
    onSuccess: () => toast.success(t('email.sent', { email: user.email }), { duration: 4000 }),
    onError: (error) => toast.error(errorText(error, t, t('email.sendFailed')), { duration: 4000 }),
  })
  const state = !user.email
    ? 'none'
    : user.email_bounced
      ? 'bounced'
      : user.email_verified
        ? 'verified'
        : 'unverified'
  return (
    <SectionCard block="account-section" title={t('email.title')}>
      {state === 'none' ? (
        <p>
          {t('email.none')} <Link to="/mypage?tab=profile">{t('email.addInProfile')}</Link>
        </p>
      ) : (
        <>
          <p className="account-email">
            <span className="account-email__address">{user.email}</span>{' '}
            <span className={`account-badge account-badge--${state}`}>{t(`email.state.${state}`)}</span>
          </p>
          <p className="account-section__lead">{t(`email.explain.${state}`)}</p>
          {state !== 'verified' && (
            <Button size="sm" loading={send.isPending} onClick={() => send.mutate()}>
              {t('email.resend')}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  )
}

function ChangePasswordSection() {
  const { t } = useTranslation('account')
  const client = useQueryClient()
  const [current, setCurrent] = useState('')
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' })
  const [problems, setProblems] = useState<{ current?: string; password?: string; confirm?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const change = useMutation({
    mutationFn: () => changePassword(current, value.password),
    onSuccess: (answer) => {
      toast.success(t('change.done', { count: answer.revoked }), { duration: 4000 })
      setCurrent('')
      setValue({ password: '', confirm: '' })
      void client.invalidateQueries({ queryKey: ['account'] })
    },
    onError: (error) => setFailure(errorText(error, t, t('change.failed'))),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (change.isPending) return
    setFailure(null)
    const found = {
      ...(current ? {} : { current: t('change.currentRequired') }),
      ...newPasswordProblems(value, t),
    }
    setProblems(found)
    if (Object.keys(found).length > 0) return
    change.mutate()
  }

  return (
    <SectionCard block="account-section" title={t('change.title')} lead={t('change.lead')}>
      <form className="stack account-form" noValidate onSubmit={submit} aria-busy={change.isPending}>
        <AccountAlert message={failure} />
        <CurrentPasswordField
          label={t('change.current')}
          name="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={problems.current}
          disabled={change.isPending}
        />
        <PasswordFields
          value={value}
          onChange={setValue}
          problems={problems}
          disabled={change.isPending}
          idPrefix="change"
        />
        <Button type="submit" variant="primary" loading={change.isPending}>
          {t('change.submit')}
        </Button>
      </form>
    </SectionCard>
  )
}

function SessionsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account')
  const client = useQueryClient()
  const key = accountKeys.sessions(userId)
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => getSessions(signal) })
  const refresh = () => void client.invalidateQueries({ queryKey: key })
  const one = useMutation({
    mutationFn: (session: SessionItem) => revokeSession(session.id),
    onSuccess: () => {
      toast.success(t('sessions.signedOut'), { duration: 3000 })
      refresh()
    },
    onError: (error) => toast.error(errorText(error, t, t('sessions.failed')), { duration: 4000 }),
  })
  const others = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (answer) => {
      toast.success(t('sessions.othersSignedOut', { count: answer.revoked }), { duration: 4000 })
      refresh()
    },
    onError: (error) => toast.error(errorText(error, t, t('sessions.failed')), { duration: 4000 }),
  })
  const items = sessions.data?.items ?? []
  const hasOthers = items.some((item) => !item.current)

  return (
    <SectionCard block="account-section" title={t('sessions.title')} lead={t('sessions.lead')}>
      <QueryState query={sessions} loading={t('sessions.loading')} failed={t('sessions.loadFailed')}>
        {() => (
          <>
            <ul className="account-sessions" aria-label={t('sessions.title')}>
              {items.map((session) => {
                const device = session.device || t('sessions.unknownDevice')
                return (
                  <li key={session.id} className="account-session">
                    <div className="account-session__what">
                      <span className="account-session__device">{device}</span>
                      {session.current && (
                        <span className="account-badge account-badge--verified">{t('sessions.current')}</span>
                      )}
                      <span className="account-session__detail">
                        {session.ip_prefix && <>{t('sessions.from', { ip: session.ip_prefix })} · </>}
                        {t('sessions.lastSeen')} <Timestamp value={session.last_seen_at} />
                      </span>
                    </div>
                    {!session.current && (
                      <Button
                        size="sm"
                        aria-label={t('sessions.signOutLabel', { device })}
                        loading={one.isPending && one.variables?.id === session.id}
                        onClick={() => one.mutate(session)}
                      >
                        {t('sessions.signOut')}
                      </Button>
                    )}
                  </li>
                )
              })}
            </ul>
            <Button disabled={!hasOthers} loading={others.isPending} onClick={() => others.mutate()}>
              {t('sessions.signOutOthers')}
            </Button>
          </>
        )}
      </QueryState>
    </SectionCard>
  )
}
