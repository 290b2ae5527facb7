import { PASSWORD_MAX, PASSWORD_MIN } from '@agora/contract/limits'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordToggle } from '../../ui/PasswordToggle'
import { TextField, type TextFieldProps } from '../../ui/TextField'

export interface NewPassword {
  password: string
  confirm: string
}

/** What is wrong with a new password and its repetition, in words; null when both are fine. */
export function newPasswordProblems(
  value: NewPassword,
  t: (key: string, values?: Record<string, unknown>) => string,
): { password?: string; confirm?: string } | null {
  if (value.password.length < PASSWORD_MIN) return { password: t('password.tooShort', { min: PASSWORD_MIN }) }
  if (value.password.length > PASSWORD_MAX) return { password: t('password.tooLong', { max: PASSWORD_MAX }) }
  if (value.confirm !== value.password) return { confirm: t('password.mismatch') }
  return null
}

/** A new password and its repetition, with show/hide. */
export function PasswordFields({
  value,
  onChange,
  problems,
  disabled,
  idPrefix,
}: {
  value: NewPassword
  onChange: (next: NewPassword) => void
  problems: { password?: string; confirm?: string }
  disabled?: boolean
  idPrefix: string
}) {
  const { t } = useTranslation('account')
  const [shown, setShown] = useState(false)
  return (
    <>
      <TextField
        label={t('password.new')}
        name={`${idPrefix}-new-password`}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        hint={t('password.hint', { min: PASSWORD_MIN })}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
        error={problems.password}
        disabled={disabled}
        required
        trailing={<PasswordToggle shown={shown} onToggle={() => setShown((on) => !on)} />}
      />
      <TextField
        label={t('password.confirm')}
        name={`${idPrefix}-confirm-password`}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={value.confirm}
        onChange={(event) => onChange({ ...value, confirm: event.target.value })}
        error={problems.confirm}
        disabled={disabled}
        required
      />
    </>
  )
}

/** The account's present password, asked before a change that needs it. */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'required'>) {
  return <TextField {...props} type="password" autoComplete="current-password" required />
}
