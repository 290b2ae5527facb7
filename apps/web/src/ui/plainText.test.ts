import { describe, expect, it } from 'vitest'
import { plainText } from './plainText'

describe('plainText', () => {
  it('keeps the words of Markdown and drops its markup', () => {
    expect(plainText('**spec** says `x = 1` in [the paper](https://example.org)\n\n> quoted _here_')).toBe(
      'spec says x = 1 in the paper quoted here',
    )
    expect(plainText('before\n```js\nconst hidden = 1\n```\nafter ![figure](a.png)')).toBe('before after')
  })

  it('cuts at the length with an ellipsis', () => {
    expect(plainText('one two three four', 10)).toBe('one two…')
    expect(plainText('short', 10)).toBe('short')
  })
})
