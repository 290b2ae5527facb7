import type { RewardReason } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en/rewards.json'
import {
  checkClaimAmount,
  claimAnswerLost,
  claimAttemptFor,
  entryReasonKey,
  newClientKey,
  noticeKey,
} from './rewardText'

const pick = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en)

const REASONS: RewardReason[] = [
  'post_published',
  'comment_written',
  'post_like_received',
  'comment_like_received',
  'upload_analysed',
  'reversal',
  'claim',
  'claim_refund',
  'bounty_escrow',
  'bounty_award',
  'bounty_refund',
]
const SOURCES = ['post', 'comment', 'like', 'claim', 'bounty', 'award'] as const

describe('entryReasonKey', () => {
  it('names every reason with a text, and a reversal by what it undid', () => {
    for (const reason of REASONS) {
      for (const kind of SOURCES) {
        const key = entryReasonKey({ reason, source: { kind, id: 'x', post_id: null } })
        expect(typeof pick(key), key).toBe('string')
      }
    }
    expect(entryReasonKey({ reason: 'reversal', source: { kind: 'like', id: 'l', post_id: 'p' } })).toBe(
      'reason.reversal.like',
    )
    expect(
      entryReasonKey({ reason: 'post_published', source: { kind: 'post', id: 'p', post_id: 'p' } }),
    ).toBe('reason.post_published')
  })
})

describe('noticeKey', () => {
  it('has a toast text with the amount for every reason', () => {
    for (const reason of REASONS) expect(pick(noticeKey(reason)), reason).toContain('{{tokens}}')
  })
})

describe('checkClaimAmount', () => {
  const limits = { minClaim: 1_000_000_000n, claimable: 12_500_000_000n }

  it('accepts amounts from the minimum to all that is claimable, in base units', () => {
    expect(checkClaimAmount('1', limits)).toEqual({ units: 1_000_000_000n })
    expect(checkClaimAmount('12.5', limits)).toEqual({ units: 12_500_000_000n })
  })

  it('names what is wrong', () => {
    expect(checkClaimAmount('x', limits)).toEqual({ problem: 'invalid' })
    expect(checkClaimAmount('1.0000000001', limits)).toEqual({ problem: 'tooPrecise' })
    expect(checkClaimAmount('0', limits)).toEqual({ problem: 'zero' })
    expect(checkClaimAmount('0.999999999', limits)).toEqual({ problem: 'belowMin' })
    expect(checkClaimAmount('12.500000001', limits)).toEqual({ problem: 'aboveClaimable' })
  })
})

describe('claimAttemptFor', () => {
  let counter = 0
  const newKey = () => `key-${++counter}`

  it('keeps the key while the same claim is retried and makes a new one for another claim', () => {
    const first = claimAttemptFor(null, { address: 'A', amount: '5' }, newKey)
    expect(claimAttemptFor(first, { address: 'A', amount: '5' }, newKey).key).toBe(first.key)
    const other = claimAttemptFor(first, { address: 'A', amount: '6' }, newKey)
    expect(other.key).not.toBe(first.key)
    expect(claimAttemptFor(other, { address: 'B', amount: '6' }, newKey).key).not.toBe(other.key)
  })
})

describe('claimAnswerLost', () => {
  it('keeps the key only when the answer may have been lost on the way', () => {
    for (const status of [0, 502, 504]) expect(claimAnswerLost(status), String(status)).toBe(true)
    for (const status of [400, 401, 409, 429, 500, 503])
      expect(claimAnswerLost(status), String(status)).toBe(false)
  })
})

describe('newClientKey', () => {
  it('makes distinct keys the server accepts (8 to 100 characters)', () => {
    const keys = new Set(Array.from({ length: 50 }, newClientKey))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(8)
  })
})
