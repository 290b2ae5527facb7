import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES, OWN_PAGE_LIMITS, usernameProblem } from './profileLimits'

describe('own page limits', () => {
  it('are the spec numbers: username 20, title 40, url 60, bio 500', () => {
    expect(OWN_PAGE_LIMITS).toMatchObject({ username: 20, title: 40, url: 60, bio: 500 })
    expect(AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024)
  })

  it('checks a username like the server does', () => {
    expect(usernameProblem('')).toBe('required')
    expect(usernameProblem('ada.l-2_x')).toBeNull()
    expect(usernameProblem('张三')).toBeNull()
    expect(usernameProblem('ada lovelace')).toBe('pattern')
    expect(usernameProblem('a'.repeat(20))).toBeNull()
    expect(usernameProblem('a'.repeat(21))).toBe('length')
  })
})
