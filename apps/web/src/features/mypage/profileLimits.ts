/** The own page's input limits (product-spec §5, §9): the numbers the server enforces. */
import { AVATAR_MAX_BYTES, PROFILE_LIMITS, USERNAME_PATTERN } from '@agora/contract/limits'

export const OWN_PAGE_LIMITS = {
  username: PROFILE_LIMITS.username,
  nickname: PROFILE_LIMITS.nickname,
  title: PROFILE_LIMITS.title,
  url: PROFILE_LIMITS.url,
  bio: PROFILE_LIMITS.bio,
  email: PROFILE_LIMITS.email,
  phone: PROFILE_LIMITS.phone,
} as const

export { AVATAR_MAX_BYTES }

/** Loading user data stays up at least this long (spec §9), so it never flashes. */
export const MIN_LOADING_MS = 1000

const usernamePattern = new RegExp(USERNAME_PATTERN, 'u')

/** Why a username cannot be saved, or null: 1–20 letters, digits, _ . - (the server's rule). */
export function usernameProblem(value: string): 'required' | 'pattern' | 'length' | null {
  if (!value) return 'required'
  if ([...value].length > OWN_PAGE_LIMITS.username) return 'length'
  return usernamePattern.test(value) ? null : 'pattern'
}
