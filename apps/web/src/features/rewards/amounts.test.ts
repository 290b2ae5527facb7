import { describe, expect, it } from 'vitest'
import { formatTokens, parseTokens, toUnits, unitsToDecimal, unitsToNumber } from './amounts'

describe('formatTokens', () => {
  it('shows whole and fractional tokens exactly, without trailing zeros', () => {
    expect(formatTokens('10000000000', 'en')).toBe('10')
    expect(formatTokens('12500000000', 'en')).toBe('12.5')
    expect(formatTokens('1', 'en')).toBe('0.000000001')
    expect(formatTokens('0', 'en')).toBe('0')
  })

  it('stays exact beyond what a float can hold', () => {
    // 2^53 + 1 tokens and one base unit: a Number would round both ends.
    expect(formatTokens('9007199254740993000000001', 'en')).toBe('9,007,199,254,740,993.000000001')
  })

  it('groups and separates in the reader locale', () => {
    expect(formatTokens('1234567000000000', 'en')).toBe('1,234,567')
    expect(formatTokens('1234567500000000', 'zh-CN')).toBe('1,234,567.5')
    expect(formatTokens('1234567500000000', 'de')).toBe('1.234.567,5')
  })

  it('signs losses always and gains when asked', () => {
    expect(formatTokens('-2000000000', 'en')).toBe('-2')
    expect(formatTokens('-500000000', 'en')).toBe('-0.5')
    expect(formatTokens('2000000000', 'en', { signed: true })).toBe('+2')
    expect(formatTokens('-2000000000', 'en', { signed: true })).toBe('-2')
    expect(formatTokens('0', 'en', { signed: true })).toBe('0')
  })
})

describe('unitsToDecimal', () => {
  it('writes plain decimals for inputs and requests', () => {
    expect(unitsToDecimal('1234567500000000')).toBe('1234567.5')
    expect(unitsToDecimal('-1')).toBe('-0.000000001')
    expect(unitsToDecimal(20_000_000_000n)).toBe('20')
  })
})

describe('unitsToNumber', () => {
  it('gives tokens as a number for compact figures', () => {
    expect(unitsToNumber('12500000000')).toBe(12.5)
    expect(unitsToNumber('-1')).toBe(-1e-9)
  })
})

describe('toUnits', () => {
  it('reads integer strings and treats anything else as 0', () => {
    expect(toUnits(' 42 ')).toBe(42n)
    expect(toUnits('-7')).toBe(-7n)
    expect(toUnits('1.5')).toBe(0n)
    expect(toUnits('')).toBe(0n)
  })
})

describe('parseTokens', () => {
  it('turns typed tokens into base units exactly', () => {
    expect(parseTokens('12')).toEqual({ units: 12_000_000_000n })
    expect(parseTokens('12.5')).toEqual({ units: 12_500_000_000n })
    expect(parseTokens(' .5 ')).toEqual({ units: 500_000_000n })
    expect(parseTokens('3.')).toEqual({ units: 3_000_000_000n })
    expect(parseTokens('0,25')).toEqual({ units: 250_000_000n })
    expect(parseTokens('0.000000001')).toEqual({ units: 1n })
    expect(parseTokens('123456789012345678.123456789')).toEqual({ units: 123456789012345678123456789n })
  })

  it('refuses what it cannot read exactly', () => {
    expect(parseTokens('0.0000000001')).toEqual({ problem: 'tooPrecise' })
    for (const text of ['', ' ', '.', '-1', '+1', '1e3', '1,000.5', 'abc', '1 000'])
      expect(parseTokens(text), text).toEqual({ problem: 'invalid' })
  })

  it('round-trips with unitsToDecimal', () => {
    for (const units of [1n, 10n ** 9n, 123_456_789_123n, 5n * 10n ** 20n]) {
      expect(parseTokens(unitsToDecimal(units))).toEqual({ units })
    }
  })
})
