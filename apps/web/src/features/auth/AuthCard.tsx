import type { MeResponse } from '@agora/contract'
import { isErrorCode } from '@agora/contract/errors'
import { PASSWORD_MIN, USERNAME_MAX } from '@agora/contract/limits'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import { signInMethodsQuery } from '../../api/auth'
import { callPath } from '../../api/client'
import { Button } from '../../ui/Button'
import { CloseIcon } from '../../ui/icons'
import { PasswordToggle } from '../../ui/PasswordToggle'
import { TextField } from '../../ui/TextField'
import { type AuthErrorText, authErrorText } from './authErrors'
import { safeNextPath } from './safeNextPath'
import { useSignIn, useSignUp } from './useAuthActions'
import { type AuthFields, type AuthMode, type FieldProblems, validateAuthFields } from './validation'
import './AuthCard.css'

export interface AuthCardProps {
  mode: AuthMode
  onModeChange: (mode: AuthMode) => void
  onSuccess: (me: MeResponse) => void
  /** Shows the close button. */
  onClose?: () => void
  /** The card's title is the page's h1 on /login and /register, an h2 in the modal. */
  headingLevel?: 1 | 2
  /** id for the title, so a dialog can be labelled by it. */
  titleId?: string
  /** Called when a link in the card leads elsewhere (the modal closes). */
  onNavigate?: () => void
}

/**
 * The login/register card (product-spec §2, §4): 'Welcome Back' or 'Create Account'; switching mode
 * clears the fields and the error; inputs are disabled with a spinner while submitting.
 */
export function AuthCard({
  mode,
  onModeChange,
  onSuccess,
  onClose,
  headingLevel = 2,
  titleId,
  onNavigate,
}: AuthCardProps) {
  const { t } = useTranslation('auth')
  const fallbackId = useId()
  const headingId = titleId ?? `${fallbackId}-title`
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const copy = mode === 'login' ? 'signIn' : 'register'
  return (
    <div className="auth-card">
      <div className="auth-card__header">
        <div>
          <Heading id={headingId} className="auth-card__title">
            {t(`${copy}.title`)}
          </Heading>
          <p className="auth-card__subtitle">{t(`${copy}.subtitle`)}</p>
        </div>
        {onClose && (
          <Button
            variant="ghost"
            iconOnly
            label={t('close')}
            icon={<CloseIcon />}
            onClick={onClose}
            className="auth-card__close"
          />
        )}
      </div>
      {/* A new form per mode: switching starts from empty fields and no error. */}
      <AuthForm key={mode} mode={mode} onSuccess={onSuccess} />
      {mode === 'login' && <OrcidSignIn />}
      {mode === 'login' && (
        <p className="auth-card__forgot">
          <Link to="/forgot-password" onClick={onNavigate}>
            {t('signIn.forgot')}
          </Link>
        </p>
      )}
      <p className="auth-card__footer">
        {t(`${copy}.switchPrompt`)}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => onModeChange(mode === 'login' ? 'register' : 'login')}
        >
          {t(`${copy}.switchAction`)}
        </button>
      </p>
    </div>
  )
}

/**
 * A link to the server's ORCID sign-in, which returns to `?next=` or to the page the card is on;
 * shown only where the site has ORCID configured. A refused sign-in comes back with its code.
 */
function OrcidSignIn() {
  const { t } = useTranslation('auth')
  const location = useLocation()
  const [params] = useSearchParams()
  const methods = useQuery(signInMethodsQuery)
  const refused = params.get('orcid_error')
  const next = safeNextPath(params.get('next')) ?? `${location.pathname}${location.search}`
  if (!methods.data?.orcid) return null
  return (
    <div className="auth-card__orcid">
      {refused && isErrorCode(refused) && (
        <p className="auth-card__orcid-error" role="alert">
          {t(`errors:${refused}`)}
        </p>
      )}
      <a className="btn btn--secondary btn--md" href={callPath('GET /auth/orcid/start', { query: { next } })}>
        {t('signIn.orcid')}
      </a>
    </div>
  )
}

const EMPTY: AuthFields = { username: '', password: '', email: '', phone: '' }

/** Registration's optional contact fields; each input's type is also its autocomplete token. */
const CONTACT_FIELDS = [
  { name: 'email', type: 'email' },
  { name: 'phone', type: 'tel' },
] as const

function AuthForm({ mode, onSuccess }: { mode: AuthMode; onSuccess: (me: MeResponse) => void }) {
  const { t } = useTranslation('auth')
  const [fields, setFields] = useState<AuthFields>(EMPTY)
  const [problems, setProblems] = useState<FieldProblems>({})
  const [failure, setFailure] = useState<AuthErrorText | null>(null)
  const [showPassword, setShowPassword] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const signIn = useSignIn()
  const signUp = useSignUp()
  const pending = signIn.isPending || signUp.isPending
  const copy = mode === 'login' ? 'signIn' : 'register'

  function update(name: keyof AuthFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }))
    if (problems[name]) setProblems((current) => ({ ...current, [name]: undefined }))
  }

  function problemText(name: keyof AuthFields) {
    const problem = problems[name]
    return problem ? t(problem.key, problem.values) : null
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    const found = validateAuthFields(mode, fields)
    setProblems(found)
    setFailure(null)
    const firstInvalid = (Object.keys(found) as (keyof AuthFields)[]).find((name) => found[name])
    if (firstInvalid) {
      form.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    try {
      const username = fields.username.trim()
      const me =
        mode === 'login'
          ? await signIn.mutateAsync({ username, password: fields.password })
          : await signUp.mutateAsync({
              username,
              password: fields.password,
              email: fields.email.trim(),
              phone: fields.phone.trim(),
            })
      onSuccess(me)
    } catch (error) {
      setFailure(authErrorText(mode, error, t))
    }
  }

  return (
    <form ref={form} className="auth-card__form stack" noValidate onSubmit={submit} aria-busy={pending}>
      <div className="auth-card__alert" role="alert">
        {failure && (
          <div className="auth-card__error">
            <p className="auth-card__error-title">{failure.title}</p>
            {failure.reason && <p className="auth-card__error-reason">{failure.reason}</p>}
          </div>
        )}
      </div>
      <fieldset className="auth-card__fields stack" disabled={pending}>
        <TextField
          label={t('fields.username')}
          name="username"
          // The card exists to be filled in: start in its first field.
          autoFocus
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={mode === 'register' ? USERNAME_MAX : undefined}
          hint={mode === 'register' ? t('fields.usernameHint', { max: USERNAME_MAX }) : undefined}
          value={fields.username}
          onChange={(event) => update('username', event.target.value)}
          error={problemText('username')}
          required
        />
        <TextField
          label={t('fields.password')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          hint={mode === 'register' ? t('fields.passwordHint', { min: PASSWORD_MIN }) : undefined}
          value={fields.password}
          onChange={(event) => update('password', event.target.value)}
          error={problemText('password')}
          required
          trailing={
            <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />
          }
        />
        {mode === 'register' &&
          CONTACT_FIELDS.map(({ name, type }) => (
            <TextField
              key={name}
              label={t(`fields.${name}`)}
              labelNote={t('fields.optional')}
              name={name}
              type={type}
              autoComplete={type}
              value={fields[name]}
              onChange={(event) => update(name, event.target.value)}
              error={problemText(name)}
            />
          ))}
      </fieldset>
      <Button type="submit" variant="primary" size="lg" loading={pending} className="auth-card__submit">
        {pending ? t('submitting') : t(`${copy}.submit`)}
      </Button>
    </form>
  )
}
