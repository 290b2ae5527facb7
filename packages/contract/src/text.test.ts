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

  it('keeps apart the words that markup separates', () => {
    expect(plainText('growth_rate and *a*b')).toBe('growth rate and a b')
  })

  it('cuts at the length with an ellipsis, at a word’s end when one is near', () => {
    expect(plainText('one two three four', 10)).toBe('one two…')
    expect(plainText('short', 10)).toBe('short')
    expect(plainText('incomprehensibilities', 10)).toBe('incompreh…')
  })
})
