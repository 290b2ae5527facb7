import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestPasswordReset } from '../../api/account'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { TextField } from '../../ui/TextField'
import { AccountAlert, AccountScreen } from './AccountScreen'

/** /forgot-password: a reset link by mail, for a username or an address (the answer never says whether it exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account')
  useDocumentMeta({ title: t('forgot.title'), description: t('forgot.lead') })
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [pending, setPending] = useState(false)
  const field = useRef<HTMLInputElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setFailure(null)
    if (!name.trim()) {
      setProblem(t('forgot.required'))
      field.current?.focus()
      return
    }
    setPending(true)
    try {
      await requestPasswordReset(name.trim())
      setSent(true)
    } catch (error) {
      setFailure(errorText(error, t, t('forgot.failed')))
    } finally {
      setPending(false)
    }
  }

  return (
    <AccountScreen
      title={t('forgot.title')}
      lead={t('forgot.lead')}
      links={<Link to="/login">{t('backToLogin')}</Link>}
    >
      <div role="status">{sent && <p className="account-screen__done">{t('forgot.sent')}</p>}</div>
      {!sent && (
        <form className="stack" noValidate onSubmit={submit} aria-busy={pending}>
          <AccountAlert message={failure} />
          <TextField
            ref={field}
            label={t('forgot.name')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setProblem(null)
            }}
            error={problem}
            disabled={pending}
            required
          />
          <Button type="submit" variant="primary" loading={pending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AccountScreen>
  )
}
