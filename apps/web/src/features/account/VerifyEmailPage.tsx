import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { verifyEmail } from '../../api/account'
import { meKey } from '../../api/queryKeys'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { errorText } from '../../ui/errorText'
import { Loading } from '../../ui/Loading'
import { AccountAlert, AccountScreen } from './AccountScreen'
import { useMailedToken } from './useMailedToken'

type State = { step: 'checking' } | { step: 'done'; email: string } | { step: 'failed'; message: string }

/** /verify-email?token=…: the mailed link proves the address (used once, on arrival). */
export function VerifyEmailPage() {
  const { t } = useTranslation('account')
  useDocumentMeta({ title: t('verify.title'), description: t('verify.title') })
  const token = useMailedToken()
  const client = useQueryClient()
  const [state, setState] = useState<State>(() =>
    token ? { step: 'checking' } : { step: 'failed', message: t('verify.noToken') },
  )
  // The link is single-use: asked once per visit, even when an effect runs twice.
  const asked = useRef(false)
  useEffect(() => {
    if (!token || asked.current) return
    asked.current = true
    verifyEmail(token).then(
      (answer) => {
        setState({ step: 'done', email: answer.email })
        void client.invalidateQueries({ queryKey: meKey })
      },
      (error) => setState({ step: 'failed', message: errorText(error, t, t('verify.failed')) }),
    )
  }, [token, client, t])

  return (
    <AccountScreen
      title={t('verify.title')}
      links={
        state.step !== 'checking' && (
          <>
            <Link to="/mypage?tab=account">{t('verify.toAccount')}</Link>
            <Link to="/">{t('toHome')}</Link>
          </>
        )
      }
    >
      {state.step === 'checking' && <Loading text={t('verify.checking')} />}
      <div role="status">
        {state.step === 'done' && (
          <p className="account-screen__done">{t('verify.done', { email: state.email })}</p>
        )}
      </div>
      <AccountAlert message={state.step === 'failed' ? state.message : null} />
    </AccountScreen>
  )
}
