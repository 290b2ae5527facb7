import { describe, expect, it } from 'vitest'
import { plainPassage, readMarks } from './search.snippets'

describe('readMarks', () => {
  it('answers plain text and [start, end) ranges in string indices', () => {
    expect(readMarks('a \u0001cell\u0002 and 🧬 \u0001cells\u0002')).toEqual({
      text: 'a cell and 🧬 cells',
      highlights: [
        [2, 6],
        [14, 19],
      ],
    })
  })

  it('drops unpaired and empty marks', () => {
    expect(readMarks('\u0002x \u0001\u0002 y \u0001z')).toEqual({ text: 'x  y z', highlights: [[5, 6]] })
  })
})

describe('plainPassage', () => {
  it('reduces Markdown to words and keeps the marks', () => {
    expect(plainPassage('## The **\u0001cell\u0002** [atlas](https://x.org) ![f](a.png)')).toBe(
      'The \u0001cell\u0002 atlas',
    )
  })
})
