/**
 * What the rewards screens say about an entry, a notice or a claim amount, as i18n keys of the
 * `rewards` namespace. Pure, so the mapping is unit tested.
 */
import type { RewardEntry, RewardReason } from '@agora/contract'
import type { TFunction } from 'i18next'
import { type FormatTokensOptions, formatTokens, parseTokens, TOKEN_SCALE, toUnits } from './amounts'

/** An entry's reason in words: a reversal says what it undid (its source is the undone entry's). */
export function entryReasonKey(entry: Pick<RewardEntry, 'reason' | 'source'>): string {
  if (entry.reason === 'reversal') return `reason.reversal.${entry.source.kind}`
  return `reason.${entry.reason}`
}

/** An amount with its unit in the reader's language: '10 tokens', '+1 token', '0.5 tokens', '10 代币'. */
export function tokenText(
  t: TFunction,
  locale: string,
  units: string | bigint,
  options?: FormatTokensOptions,
): string {
  const value = toUnits(units)
  const one = value === TOKEN_SCALE || value === -TOKEN_SCALE
  return t('rewards:tokens', { amount: formatTokens(value, locale, options), count: one ? 1 : 2 })
}

/** The toast after an action that earned: "+10 tokens for your post". */
export function noticeKey(reason: RewardReason): string {
  return `notice.${reason}`
}

export type ClaimAmountCheck =
  | { units: bigint }
  | { problem: 'invalid' | 'tooPrecise' | 'zero' | 'belowMin' | 'aboveClaimable' }

/** A typed claim amount against the rules: more than 0, at least the minimum, at most what is claimable. */
export function checkClaimAmount(
  text: string,
  limits: { minClaim: bigint; claimable: bigint },
): ClaimAmountCheck {
  const parsed = parseTokens(text)
  if ('problem' in parsed) return parsed
  if (parsed.units === 0n) return { problem: 'zero' }
  if (parsed.units > limits.claimable) return { problem: 'aboveClaimable' }
  if (parsed.units < limits.minClaim) return { problem: 'belowMin' }
  return parsed
}

/**
 * The idempotency key of a claim: kept while the same claim (address and amount) is retried, so a
 * request that was sent but whose answer was lost cannot pay twice; a different claim gets a new key.
 */
export interface ClaimAttempt {
  key: string
  address: string
  amount: string
}

export function claimAttemptFor(
  previous: ClaimAttempt | null,
  request: { address: string; amount: string },
  newKey: () => string,
): ClaimAttempt {
  if (previous && previous.address === request.address && previous.amount === request.amount) return previous
  return { key: newKey(), ...request }
}

/**
 * Whether a failed claim call may have reached the server without its answer coming back (no answer,
 * or a gateway that gave up waiting): then a retry must reuse the key. Any other answer is final, and
 * the next claim is a new one.
 */
export function claimAnswerLost(status: number): boolean {
  return status === 0 || status === 502 || status === 504
}

/** A random key: crypto.randomUUID where the page is a secure context, else 128 random bits in hex. */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
