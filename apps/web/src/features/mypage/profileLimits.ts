/**
 * The own page's input limits (product-spec §5, §9). The contract's PROFILE_LIMITS holds the same numbers
 * but lives beside the schema library, which the web bundle does not load; profileLimits.test.ts keeps
 * the two equal.
 */
import { USERNAME_MAX, USERNAME_PATTERN } from '@agora/contract/limits'

export const OWN_PAGE_LIMITS = {
  username: USERNAME_MAX,
  title: 40,
  url: 60,
  bio: 500,
  email: 254,
  phone: 20,
} as const

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** Loading user data stays up at least this long (spec §9), so it never flashes. */
export const MIN_LOADING_MS = 1000

const usernamePattern = new RegExp(USERNAME_PATTERN, 'u')

/** Why a username cannot be saved, or null: 1–20 letters, digits, _ . - (the server's rule). */
export function usernameProblem(value: string): 'required' | 'pattern' | 'length' | null {
  if (!value) return 'required'
  if ([...value].length > OWN_PAGE_LIMITS.username) return 'length'
  return usernamePattern.test(value) ? null : 'pattern'
}
