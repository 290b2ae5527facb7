import { describe, expect, it } from 'vitest'
import { markAll, passage } from './search.snippets'

/** The marked words of an answer. */
const marked = ({ text, highlights }: { text: string; highlights: [number, number][] }) =>
  highlights.map(([start, end]) => text.slice(start, end))

describe('markAll', () => {
  it('marks every word starting with a needle, in string indices', () => {
    const title = markAll('Cell 🧬 cells and excellent cellar', ['cell'])
    expect(title.highlights).toEqual([
      [0, 4],
      [8, 13],
      [28, 34],
    ])
    expect(marked(title)).toEqual(['Cell', 'cells', 'cellar'])
  })
})

describe('passage', () => {
  const words = Array.from({ length: 60 }, (_, index) => `w${index}`)

  it('answers a short text whole', () => {
    const short = passage('We imaged zebrafish fins.', ['zebrafish'])
    expect(short.text).toBe('We imaged zebrafish fins.')
    expect(marked(short)).toEqual(['zebrafish'])
  })

  it('cuts a long text around its first hit, with ellipses', () => {
    const text = [...words.slice(0, 30), 'Zebrafish', ...words.slice(30)].join(' ')
    const cut = passage(text, ['zebrafish'])
    expect(cut.text.startsWith('… w22 ')).toBe(true)
    expect(cut.text.endsWith(' …')).toBe(true)
    expect(cut.text.split(' ')).toHaveLength(32 + 2)
    expect(marked(cut)).toEqual(['Zebrafish'])
  })

  it('drops a word cut by the window on either side', () => {
    const cut = passage('ish starts here with fish and en', ['fish'], { cutBefore: true, cutAfter: true })
    expect(cut.text).toBe('… starts here with fish and …')
    expect(marked(cut)).toEqual(['fish'])
  })

  it('answers the start of the text, unmarked, when no word starts with a needle', () => {
    expect(passage('nothing here', ['zz'])).toEqual({ text: 'nothing here', highlights: [] })
  })
})
