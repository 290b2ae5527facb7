import { describe, expect, it } from 'vitest'
import { plainText } from './text'

describe('plainText', () => {
  it('keeps the words of Markdown and drops its markup', () => {
    expect(plainText('**spec** says `x = 1` in [the paper](https://example.org)\n\n> quoted _here_')).toBe(
      'spec says x = 1 in the paper quoted here',
    )
    expect(plainText('before\n```js\nconst hidden = 1\n```\nafter ![figure](a.png)')).toBe('before after')
    expect(plainText('## The **cell** [atlas](https://x.org) ![f](a.png)\n\n```js\ncode\n```')).toBe(
      'The cell atlas',
    )
  })

  it('reads markup as Markdown renders it', () => {
    expect(plainText('The **spec** says `pH 7.4`, see [the paper](https://example.org).')).toBe(
      'The spec says pH 7.4, see the paper.',
    )
    expect(plainText('growth_rate is _fast_ and **cell**s grow')).toBe('growth_rate is fast and cells grow')
    expect(plainText('# C# and F#\n> a > b\n\n| x | y |')).toBe('C# and F# a > b x y')
  })

  it('cuts at the length with an ellipsis, at a word’s end when one is near', () => {
    expect(plainText('one two three four', 10)).toBe('one two…')
    expect(plainText('short', 10)).toBe('short')
    expect(plainText('incomprehensibilities', 10)).toBe('incompreh…')
  })

  it('reads unclosed links and images, however many, in one pass', () => {
    // Quadratic before: each `[` scanned the rest of the text for its `]` (25,000 took ~15 s).
    expect(plainText('!['.repeat(25_000), 20)).toBe(`${'!['.repeat(9)}!…`)
    expect(plainText('['.repeat(50_000))).toBe('['.repeat(50_000))
    expect(plainText('[a](b '.repeat(8_000), 12)).toBe('[a](b [a](b…')
    expect(plainText('see [the page](https://en.wikipedia.org/wiki/Bee_(insect)) now')).toBe(
      'see the page now',
    )
  })
})
