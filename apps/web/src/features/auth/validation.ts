/** Client-side checks of the login/register form (product-spec §5), mirroring the server's rules. */
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PHONE_PATTERN,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from '@agora/contract/limits'

export type AuthMode = 'login' | 'register'

export interface AuthFields {
  username: string
  password: string
  email: string
  phone: string
}

/** An i18n key of the `auth` namespace and its values. */
export interface FieldProblem {
  key: string
  values?: Record<string, number>
}

export type FieldProblems = Partial<Record<keyof AuthFields, FieldProblem>>

const usernamePattern = new RegExp(USERNAME_PATTERN, 'u')
const phonePattern = new RegExp(PHONE_PATTERN)
// Deliberately loose: the server has the final word; this only catches obvious typos.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateAuthFields(mode: AuthMode, fields: AuthFields): FieldProblems {
  const problems: FieldProblems = {}
  const username = fields.username.trim()
  if (!username) problems.username = { key: 'validation.usernameRequired' }
  if (!fields.password) problems.password = { key: 'validation.passwordRequired' }
  if (mode === 'login') return problems

  if (username && [...username].length > USERNAME_MAX) {
    problems.username = { key: 'validation.usernameTooLong', values: { max: USERNAME_MAX } }
  } else if (username && !usernamePattern.test(username)) {
    problems.username = { key: 'validation.usernameChars' }
  }
  if (fields.password && fields.password.length < PASSWORD_MIN) {
    problems.password = { key: 'validation.passwordTooShort', values: { min: PASSWORD_MIN } }
  } else if (fields.password.length > PASSWORD_MAX) {
    problems.password = { key: 'validation.passwordTooLong', values: { max: PASSWORD_MAX } }
  }
  const email = fields.email.trim()
  if (email && (email.length > EMAIL_MAX || !emailPattern.test(email))) {
    problems.email = { key: 'validation.emailInvalid' }
  }
  const phone = fields.phone.trim()
  if (phone && (phone.length > PHONE_MAX || !phonePattern.test(phone))) {
    problems.phone = { key: 'validation.phoneInvalid' }
  }
  return problems
}
