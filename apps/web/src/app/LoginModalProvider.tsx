import type { MeResponse } from '@agora/contract'
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { AuthMode } from '../features/auth'
import { Loading } from '../ui/Loading'
import { Modal } from '../ui/Modal'
import { toast } from '../ui/toast'
import { useAppEvent } from './useAppEvent'

export interface OpenLoginOptions {
  mode?: AuthMode
  /** Called after a successful login or registration (e.g. retry the action that needed it). */
  onSuccess?: (me: MeResponse) => void
}

interface LoginModalValue {
  openLogin: (options?: OpenLoginOptions) => void
  closeLogin: () => void
  isOpen: boolean
}

const LoginModalContext = createContext<LoginModalValue | null>(null)

// The form's code loads on first open: most page views never show it.
const AuthCard = lazy(() =>
  import('../features/auth/AuthCard').then((module) => ({ default: module.AuthCard })),
)

/**
 * Hosts the login/register modal for the whole app. Any screen can open it with
 * `useLoginModal().openLogin()`; it also opens by itself on a need-login event (a 401, an ended session).
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<AuthMode>('login')
  const pendingSuccess = useRef<OpenLoginOptions['onSuccess']>(undefined)
  const titleId = useId()

  const openLogin = useCallback((options: OpenLoginOptions = {}) => {
    pendingSuccess.current = options.onSuccess
    setMode(options.mode ?? 'login')
    setOpen(true)
  }, [])
  const closeLogin = useCallback(() => {
    pendingSuccess.current = undefined
    setOpen(false)
  }, [])

  // These screens show their own login card when the session ends; a pop-up on top would be a second one.
  const hasOwnLogin = ['/login', '/register', '/mypage'].includes(location.pathname)
  useAppEvent('need-login', () => {
    if (!hasOwnLogin) openLogin()
  })
  // Signed in from another tab: the prompt here has nothing left to ask.
  useAppEvent('token-updated', () => {
    if (open && !pendingSuccess.current) closeLogin()
  })

  function succeeded(me: MeResponse) {
    const callback = pendingSuccess.current
    pendingSuccess.current = undefined
    setOpen(false)
    toast.success(t('user.welcome', { name: me.nickname || me.username }))
    callback?.(me)
  }

  const value = useMemo(() => ({ openLogin, closeLogin, isOpen: open }), [openLogin, closeLogin, open])
  return (
    <LoginModalContext.Provider value={value}>
      {children}
      <Modal open={open} onClose={closeLogin} labelledBy={titleId} size="sm">
        <Suspense
          fallback={
            <div>
              <span id={titleId} className="visually-hidden">
                {t('user.login')}
              </span>
              <Loading block />
            </div>
          }
        >
          <AuthCard
            mode={mode}
            onModeChange={setMode}
            onSuccess={succeeded}
            onClose={closeLogin}
            onNavigate={closeLogin}
            titleId={titleId}
          />
        </Suspense>
      </Modal>
    </LoginModalContext.Provider>
  )
}

export function useLoginModal(): LoginModalValue {
  const value = useContext(LoginModalContext)
  if (!value) throw new Error('useLoginModal must be used inside LoginModalProvider')
  return value
}
