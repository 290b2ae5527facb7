import { describe, expect, it } from 'vitest'
import { findQuote, pageTextOf, quoteOf, quotePlaces } from './textQuote'

describe('a page of text as pdf.js gives it', () => {
  it('joins the items, a line break after each that ends a line, and knows where each starts', () => {
    const page = pageTextOf([
      { str: 'Bees ', hasEOL: false },
      { type: 'beginMarkedContent' },
      { str: 'dance.', hasEOL: true },
      { type: 'endMarkedContent' },
      { str: '', hasEOL: true },
      { str: 'Then rest.' },
    ])
    expect(page.text).toBe('Bees dance.\n\nThen rest.')
    expect(page.starts).toEqual([0, 5, 12, 13])
  })
})

describe('a quote of a passage', () => {
  const text = 'The hive cools itself. Workers fan their wings at the entrance. The hive cools itself again.'

  it('keeps the words, up to 32 characters around them and where they are, without outer white space', () => {
    const start = text.indexOf('Workers')
    const quote = quoteOf(text, start - 1, start + 'Workers fan'.length + 1)
    expect(quote).toEqual({
      exact: 'Workers fan',
      prefix: 'The hive cools itself. ',
      suffix: ' their wings at the entrance. Th',
      start,
      end: start + 'Workers fan'.length,
    })
    expect(quoteOf(text, 3, 4)).toBeNull()
  })

  it('is found again, the right one of two by its surroundings, and despite other line breaks', () => {
    const second = text.lastIndexOf('The hive cools itself')
    const quote = quoteOf(text, second, second + 'The hive cools itself'.length)!
    expect(findQuote(text, quote)).toEqual({ start: second, end: second + 'The hive cools itself'.length })
    expect(findQuote(text, { exact: 'The hive cools itself' })).toEqual({ start: 0, end: 21 })
    // Another version of the file breaks the line inside the passage.
    const reflowed = 'Preface.\nThe hive cools\n  itself again.'
    expect(findQuote(reflowed, { exact: 'The hive cools itself', suffix: ' again.' })).toEqual({
      start: 9,
      end: 32,
    })
    expect(findQuote(text, { exact: 'Drones sleep' })).toBeNull()
  })

  it('prefers the place nearest the position hint when the surroundings do not decide', () => {
    const twice = 'alpha beta alpha'
    expect(findQuote(twice, { exact: 'alpha', start: 11 })).toEqual({ start: 11, end: 16 })
  })

  it('lists every place of words a reader typed, whatever their case and white space', () => {
    const page = 'The hive cools itself.\nWorkers fan their\nwings. the HIVE cools   itself again.'
    expect(quotePlaces(page, 'the hive  cools itself', { ignoreCase: true })).toEqual([
      { start: 0, end: 21 },
      { start: 48, end: 71 },
    ])
    expect(quotePlaces(page, 'their wings')).toEqual([{ start: 35, end: 46 }])
    expect(quotePlaces(page, 'the hive cools')).toEqual([])
    expect(quotePlaces(page, '   ')).toEqual([])
  })
})
