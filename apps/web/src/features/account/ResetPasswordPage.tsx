import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { resetPassword } from '../../api/account'
import { meKey } from '../../api/queryKeys'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { Notice } from '../../ui/Notice'
import { toast } from '../../ui/toast'
import { AccountAlert, AccountScreen } from './AccountScreen'
import { type NewPassword, newPasswordProblems, PasswordFields } from './PasswordFields'
import { useMailedToken } from './useMailedToken'

/** /reset-password?token=…: the mailed link's screen; a new password signs this browser in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account')
  useDocumentMeta({ title: t('reset.title'), description: t('reset.lead') })
  const token = useMailedToken()
  const navigate = useNavigate()
  const client = useQueryClient()
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' })
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  if (!token) {
    return (
      <AccountScreen title={t('reset.title')}>
        <Notice
          title={t('reset.noToken')}
          action={<Link to="/forgot-password">{t('reset.askAgain')}</Link>}
        />
      </AccountScreen>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setFailure(null)
    const found = newPasswordProblems(value, t)
    setProblems(found ?? {})
    if (found) return
    setPending(true)
    try {
      const me = await resetPassword(token, value.password)
      client.setQueryData(meKey, me)
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' })
      toast.success(t('reset.done'))
      navigate('/mypage?tab=account', { replace: true })
    } catch (error) {
      setFailure(errorText(error, t, t('reset.failed')))
      setPending(false)
    }
  }

  return (
    <AccountScreen
      title={t('reset.title')}
      lead={t('reset.lead')}
      links={
        <>
          <Link to="/forgot-password">{t('reset.askAgain')}</Link>
          <Link to="/login">{t('backToLogin')}</Link>
        </>
      }
    >
      <form className="stack" noValidate onSubmit={submit} aria-busy={pending}>
        <AccountAlert message={failure} />
        <PasswordFields
          value={value}
          onChange={setValue}
          problems={problems}
          disabled={pending}
          idPrefix="reset"
        />
        <Button type="submit" variant="primary" loading={pending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AccountScreen>
  )
}
