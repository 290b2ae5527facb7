import { describe, expect, it } from 'vitest'
import { excerptOf, MENTIONS_PER_TEXT, mentionedNames, mentionedUsers } from './notifications.text'

const names = (markdown: string) => mentionedNames(markdown).map((forms) => forms.join('|'))

describe('mentionedNames', () => {
  it('reads names from text, once each regardless of case, in order', () => {
    expect(names('Thanks @ada and @Bo_2, and @ADA again')).toEqual(['ada', 'Bo_2'])
    expect(names('(@ada) @bo, @cy! @dan: @中文名')).toEqual(['ada', 'bo', 'cy', 'dan', '中文名'])
  })

  it('offers a name with trailing punctuation both ways (user names may hold dots and dashes)', () => {
    expect(names('ask @ada. or @bo-')).toEqual(['ada.|ada', 'bo-|bo'])
    expect(names('@j.doe is here')).toEqual(['j.doe'])
  })

  it('ignores code spans, code blocks, e-mail addresses, URLs and autolinks', () => {
    const text = [
      'Not `@ada` in code, nor mail@bo.org, nor https://example.org/@cy or <https://example.org/@dan>.',
      '',
      '```',
      '@eve',
      '```',
      '',
      '    @fay indented code',
      '',
      '[but @gus in a link label](https://example.org) counts, and so does **@hal**',
    ].join('\n')
    expect(names(text)).toEqual(['gus', 'hal'])
  })

  it('looks at no more than 50 names in one text', () => {
    const text = Array.from({ length: 80 }, (_, i) => `@user${i}`).join(' ')
    expect(mentionedNames(text)).toHaveLength(50)
  })
})

describe('mentionedUsers', () => {
  it('keeps existing users, never the author, each once, at most ten', () => {
    const lookup = new Map(Array.from({ length: 12 }, (_, i) => [`u${i}`, `id${i}`]))
    lookup.set('ada', 'author')
    const forms = [['ada'], ['nobody'], ...Array.from({ length: 12 }, (_, i) => [`U${i}`]), ['u0']]
    const users = mentionedUsers(forms, lookup, 'author')
    expect(users).toHaveLength(MENTIONS_PER_TEXT)
    expect(users).toEqual(Array.from({ length: 10 }, (_, i) => `id${i}`))
  })

  it('takes the longest form that names someone', () => {
    expect(mentionedUsers([['j.doe.', 'j.doe']], new Map([['j.doe', 'jd']]), 'x')).toEqual(['jd'])
    expect(
      mentionedUsers(
        [['bo.', 'bo']],
        new Map([
          ['bo.', 'dotted'],
          ['bo', 'plain'],
        ]),
        'x',
      ),
    ).toEqual(['dotted'])
  })
})

describe('excerptOf', () => {
  it('reads Markdown as plain words, cut at a word end', () => {
    expect(excerptOf('A **bold** claim with `code`\n\n> and a quote')).toBe(
      'A bold claim with code and a quote',
    )
    const long = excerptOf('word '.repeat(100))
    expect(long.length).toBeLessThanOrEqual(141)
    expect(long.endsWith('word…')).toBe(true)
    expect(excerptOf(null)).toBe('')
  })

  it('keeps math as its TeX without the dollar signs, and leaves prices alone', () => {
    expect(excerptOf('Let $x^2$ grow, and $$\\frac{a}{b}$$ too')).toBe('Let x^2 grow, and \\frac{a}{b} too')
    expect(excerptOf('It costs $5 and $10 more')).toBe('It costs $5 and $10 more')
    expect(excerptOf('$$\n\\sum_i a_i\n$$')).toBe('\\sum_i a_i')
  })
})
