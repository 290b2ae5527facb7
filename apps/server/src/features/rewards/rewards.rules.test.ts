import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import {
  claimableOf,
  likeReceived,
  ruleOf,
  termsOf,
  tokensToUnits,
  unitsToTokens,
  utcDay,
} from './rewards.rules'

const config = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: '/tmp/agora-rewards-rules', JWT_SECRET: 'x'.repeat(32), ...env }).rewards
const HOUR = 3600_000

describe('reward rules', () => {
  it('reads amounts and caps from REWARDS_* settings; 0 turns a cap off', () => {
    const rules = config({ REWARDS_COMMENT_WRITTEN: '3', REWARDS_COMMENT_WRITTEN_DAILY_CAP: '0' })
    expect(ruleOf(rules, 'comment_written')).toEqual({ amount: 3_000_000_000n, dailyCap: null })
    expect(ruleOf(rules, 'post_published')).toEqual({ amount: 10_000_000_000n, dailyCap: 5 })
    expect(() => config({ REWARDS_MIN_CLAIM: '0' })).toThrow(/REWARDS_MIN_CLAIM/)
    expect(() => config({ REWARDS_POST_PUBLISHED: '1.5' })).toThrow(/REWARDS_POST_PUBLISHED/)
  })

  it('gives the terms an earning pays under, and none for a rule that is off', () => {
    const at = new Date('2026-11-22T12:00:00Z')
    expect(termsOf(config(), 'post_published', at)).toEqual({
      amount: 10_000_000_000n,
      dailyCap: 5,
      bornBefore: new Date(at.getTime() - 24 * HOUR),
      day: '2026-11-22',
    })
    expect(
      termsOf(config({ REWARDS_POST_PUBLISHED_DAILY_CAP: '0' }), 'post_published', at)?.dailyCap,
    ).toBeNull()
    expect(termsOf(config({ REWARDS_POST_PUBLISHED: '0' }), 'post_published', at)).toBeNull()
  })

  it('gives nothing for liking your own content', () => {
    const post = { id: 'p', user_id: 'author', post_id: 'p' }
    expect(likeReceived('post', post, 'author')).toBeNull()
    expect(likeReceived('post', post, 'fan')).toMatchObject({
      userId: 'author',
      source: { kind: 'like', id: 'p:fan' },
    })
  })

  it('counts a cap by UTC day', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22')
    expect(utcDay(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23')
  })

  it('never lets more than the balance be claimed, nor less than nothing', () => {
    expect(claimableOf(30n, 10n)).toBe(20n)
    expect(claimableOf(5n, 10n)).toBe(0n)
    expect(claimableOf(-4n, 0n)).toBe(0n)
  })

  it('writes base units as tokens for messages', () => {
    expect(unitsToTokens(tokensToUnits(12) + 500_000_000n)).toBe('12.5')
    expect(unitsToTokens(-1n)).toBe('-0.000000001')
    expect(unitsToTokens(0n)).toBe('0')
  })
})
