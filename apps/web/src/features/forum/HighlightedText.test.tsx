import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HighlightedText, highlightSegments } from './HighlightedText'

describe('HighlightedText', () => {
  it('marks the ranges and shows markup in the text as text', () => {
    const text = 'Look <img src=x onerror=alert(1)> at the cells'
    const html = renderToStaticMarkup(<HighlightedText text={text} highlights={[[41, 46]]} />)
    expect(html).toBe('Look &lt;img src=x onerror=alert(1)&gt; at the <mark>cells</mark>')
    expect(html).not.toContain('<img')
  })

  it('marks a range that is itself markup as text', () => {
    const html = renderToStaticMarkup(<HighlightedText text="a <b>x</b>" highlights={[[2, 10]]} />)
    expect(html).toBe('a <mark>&lt;b&gt;x&lt;/b&gt;</mark>')
  })
})

describe('highlightSegments', () => {
  it('cuts the text at the ranges, keeping every character once', () => {
    expect(highlightSegments('one two three', [[4, 7]])).toEqual([
      { text: 'one ', marked: false },
      { text: 'two', marked: true },
      { text: ' three', marked: false },
    ])
  })

  it('skips empty, reversed and overlapping ranges and clips those past the end', () => {
    const segments = highlightSegments('abcdef', [
      [1, 3],
      [2, 4],
      [5, 5],
      [4, 2],
      [5, 99],
    ])
    expect(segments).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
      { text: 'd', marked: true },
      { text: 'e', marked: false },
      { text: 'f', marked: true },
    ])
    expect(segments.map((segment) => segment.text).join('')).toBe('abcdef')
  })
})
