import type { MeResponse } from '@agora/contract'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { lastPlace } from '../../app/lastPlace'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { toast } from '../../ui/toast'
import { AuthCard } from './AuthCard'
import { safeNextPath } from './safeNextPath'
import type { AuthMode } from './validation'
import './AuthPage.css'

function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  useDocumentMeta({
    title: t(mode === 'login' ? 'signIn.title' : 'register.title'),
    description: t(mode === 'login' ? 'common:descriptions.login' : 'common:descriptions.register'),
  })

  function leave() {
    if (next) navigate(next, { replace: true })
    else if ((window.history.state?.idx ?? 0) > 0) navigate(-1)
    else navigate('/', { replace: true })
  }

  // A new member lands on their own page's welcome (next steps); signing in returns where they were.
  function succeeded(me: MeResponse) {
    toast.success(t('common:user.welcome', { name: me.username }))
    const before = safeNextPath(lastPlace())
    navigate(next ?? (mode === 'register' ? '/mypage?welcome=1' : (before ?? '/')), { replace: true })
  }

  function switchMode(target: AuthMode) {
    const query = params.toString()
    navigate(`/${target}${query ? `?${query}` : ''}`, { replace: true })
  }

  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <AuthCard
          mode={mode}
          onModeChange={switchMode}
          onSuccess={succeeded}
          onClose={leave}
          headingLevel={1}
        />
      </div>
    </div>
  )
}

/** /login — the sign-in card as a page (target of redirects that need a login; `?next=` returns there). */
export function LoginPage() {
  return <AuthPage mode="login" />
}

/** /register — the register card as a page (the home page's 'Register Now' link). */
export function RegisterPage() {
  return <AuthPage mode="register" />
}
