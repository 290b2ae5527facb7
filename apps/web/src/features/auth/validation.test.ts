import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safeNextPath'
import { validateAuthFields } from './validation'

const empty = { username: '', password: '', email: '', phone: '' }
/** A registration the server accepts, optional email and phone left empty. */
const valid = { ...empty, username: 'ada_l.ove-1', password: 'long enough' }

describe('login/register validation', () => {
  it('requires username and password in both modes', () => {
    for (const mode of ['login', 'register'] as const) {
      expect(validateAuthFields(mode, empty)).toEqual({
        username: { key: 'validation.usernameRequired' },
        password: { key: 'validation.passwordRequired' },
      })
    }
    expect(validateAuthFields('login', { ...empty, username: '   ', password: 'x' }).username?.key).toBe(
      'validation.usernameRequired',
    )
  })

  it('checks only presence on login (the server decides the rest)', () => {
    expect(validateAuthFields('login', { ...empty, username: 'a name with spaces', password: 'x' })).toEqual(
      {},
    )
  })

  it('applies the server rules on register', () => {
    expect(validateAuthFields('register', valid)).toEqual({})
    expect(validateAuthFields('register', { ...valid, username: '李雷' })).toEqual({})
    expect(validateAuthFields('register', { ...valid, username: 'a'.repeat(21) }).username?.key).toBe(
      'validation.usernameTooLong',
    )
    expect(validateAuthFields('register', { ...valid, username: 'ada lovelace' }).username?.key).toBe(
      'validation.usernameChars',
    )
    expect(validateAuthFields('register', { ...valid, password: 'short' }).password).toEqual({
      key: 'validation.passwordTooShort',
      values: { min: 8 },
    })
  })

  it('accepts empty optional email and phone, and rejects malformed ones', () => {
    const ok = { ...valid, email: 'ada@example.org', phone: '+44 (20) 123-456' }
    expect(validateAuthFields('register', ok)).toEqual({})
    expect(validateAuthFields('register', { ...ok, email: 'ada@' }).email?.key).toBe(
      'validation.emailInvalid',
    )
    expect(validateAuthFields('register', { ...ok, phone: 'call me' }).phone?.key).toBe(
      'validation.phoneInvalid',
    )
  })
})

describe('safeNextPath', () => {
  it('keeps same-site paths only', () => {
    expect(safeNextPath('/mypage?tab=posts')).toBe('/mypage?tab=posts')
    expect(safeNextPath(null)).toBeNull()
    expect(safeNextPath('https://evil.example')).toBeNull()
    expect(safeNextPath('//evil.example')).toBeNull()
    expect(safeNextPath('/\\evil.example')).toBeNull()
  })
})
