import type { BountyView } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import {
  awardableBounties,
  awardsByReview,
  checkWholeTokens,
  deadlineLimits,
  deadlineProblem,
  defaultDeadline,
  formatDeadline,
  splitBounties,
  wholeTokensOf,
} from './bountyRules'

const NOW = new Date('2026-03-01T22:30:00Z')

function bounty(change: Partial<BountyView> = {}): BountyView {
  return {
    id: 'b1',
    post: { id: 'p1', title: 'Notes' },
    funder: { id: 'u-funder', username: 'funder', nickname: '', avatar: '' },
    amount: 10,
    remaining: 10,
    reviews_wanted: 2,
    deadline: '2026-03-15T23:59:59.999Z',
    status: 'open',
    awards: [],
    created_at: '2026-03-01T10:00:00Z',
    closed_at: null,
    ...change,
  }
}

const review = {
  _id: 'r1',
  created_at: '2026-03-01T12:00:00Z',
  withdrawn: false,
  moderation: null,
  reviewer: { id: 'u-critic', username: 'critic', nickname: '', avatar: '', orcid: null },
}
const funder = { id: 'u-funder', username: 'funder' }

describe('deadlines', () => {
  it('runs from tomorrow to 60 days ahead, counted in UTC days', () => {
    expect(deadlineLimits(NOW)).toEqual({ min: '2026-03-02', max: '2026-04-30' })
    expect(defaultDeadline(NOW)).toBe('2026-03-15')
  })

  it('names what is wrong with a typed date', () => {
    expect(deadlineProblem('', NOW)).toBe('missing')
    expect(deadlineProblem('2026-02-30', NOW)).toBe('invalid')
    expect(deadlineProblem('tomorrow', NOW)).toBe('invalid')
    expect(deadlineProblem('2026-03-01', NOW)).toBe('tooSoon')
    expect(deadlineProblem('2026-05-01', NOW)).toBe('tooLate')
    expect(deadlineProblem('2026-03-02', NOW)).toBeNull()
    expect(deadlineProblem('2026-04-30', NOW)).toBeNull()
  })

  it('shows the day chosen, in the reader’s language, whatever their time zone', () => {
    expect(formatDeadline('2026-03-15T23:59:59.999Z', 'en')).toBe('Mar 15, 2026')
    expect(formatDeadline('2026-03-15T23:59:59.999Z', 'zh-CN')).toBe('2026年3月15日')
  })
})

describe('amounts', () => {
  it('takes whole tokens from 1 up to the limit', () => {
    expect(checkWholeTokens(' 7 ', 10n)).toEqual({ amount: 7 })
    expect(checkWholeTokens('10', 10)).toEqual({ amount: 10 })
    expect(checkWholeTokens('11', 10n)).toEqual({ problem: 'aboveLimit' })
    expect(checkWholeTokens('0', 10n)).toEqual({ problem: 'zero' })
    expect(checkWholeTokens('2.5', 10n)).toEqual({ problem: 'invalid' })
    expect(checkWholeTokens('-1', 10n)).toEqual({ problem: 'invalid' })
    expect(checkWholeTokens('', null)).toEqual({ problem: 'invalid' })
    expect(checkWholeTokens('99999999999', null)).toEqual({ problem: 'aboveLimit' })
  })

  it('funds only the whole tokens of a balance', () => {
    expect(wholeTokensOf('12500000000')).toBe(12n)
    expect(wholeTokensOf('999999999')).toBe(0n)
    expect(wholeTokensOf('junk')).toBe(0n)
  })
})

describe('bounties and awards', () => {
  it('lists open bounties apart from ended ones', () => {
    const open = bounty()
    const closed = bounty({ id: 'b2', status: 'closed' })
    const cancelled = bounty({ id: 'b3', status: 'cancelled' })
    expect(splitBounties([open, closed, cancelled])).toEqual({ open: [open], ended: [closed, cancelled] })
  })

  it('adds up what each review was awarded', () => {
    const award = (review_id: string, amount: number) => ({
      id: `${review_id}${amount}`,
      review_id,
      reviewer: { id: 'u-critic', username: 'critic', nickname: '', avatar: '' },
      amount,
      created_at: NOW.toISOString(),
    })
    const totals = awardsByReview([
      bounty({ awards: [award('r1', 3)] }),
      bounty({ awards: [award('r1', 2), award('r2', 1)] }),
    ])
    expect(Object.fromEntries(totals)).toEqual({ r1: 5, r2: 1 })
  })

  it('offers only the funder’s open bounties that may still pay this review', () => {
    const mine = bounty()
    expect(awardableBounties([mine], review, funder, 'u-author')).toEqual([mine])
    expect(awardableBounties([mine], review, { id: 'u-other', username: 'other' }, 'u-author')).toEqual([])
    expect(awardableBounties([mine], review, null, 'u-author')).toEqual([])
    expect(awardableBounties([mine], { ...review, withdrawn: true }, funder, 'u-author')).toEqual([])
    expect(awardableBounties([mine], { ...review, moderation: 'hidden' }, funder, 'u-author')).toEqual([])
    expect(awardableBounties([mine], review, funder, 'u-critic')).toEqual([])
    const early = { ...review, created_at: '2026-03-01T09:00:00Z' }
    expect(awardableBounties([mine], early, funder, 'u-author')).toEqual([])
    expect(awardableBounties([bounty({ status: 'closed' })], review, funder, 'u-author')).toEqual([])
    expect(awardableBounties([bounty({ remaining: 0 })], review, funder, 'u-author')).toEqual([])
    const given = {
      id: 'a1',
      review_id: 'r1',
      reviewer: { id: 'u-critic', username: 'critic', nickname: '', avatar: '' },
      amount: 1,
      created_at: NOW.toISOString(),
    }
    expect(awardableBounties([bounty({ awards: [given] })], review, funder, 'u-author')).toEqual([])
    const full = bounty({ reviews_wanted: 1, awards: [{ ...given, review_id: 'r9' }] })
    expect(awardableBounties([full], review, funder, 'u-author')).toEqual([])
  })
})
