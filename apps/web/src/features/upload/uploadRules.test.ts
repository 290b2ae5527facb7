import { describe, expect, it } from 'vitest'
import {
  addToSelection,
  checkSubmission,
  completeTag,
  createSpeedMeter,
  MAX_FILE_BYTES,
  parseTags,
  tagAt,
} from './uploadRules'

const file = (name: string, size = 100, lastModified = 1) => ({ name, size, lastModified })

describe('addToSelection', () => {
  it('adds new files and skips one already selected', () => {
    const { files, problems } = addToSelection([file('a.png')], [file('a.png'), file('b.pdf')])
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.pdf'])
    expect(problems).toEqual([])
  })

  it("stops at 5 files and says 'Maximum 5 files allowed'", () => {
    const current = ['1', '2', '3', '4'].map((name) => file(name))
    const { files, problems } = addToSelection(current, [file('5'), file('6'), file('7')])
    expect(files.map((f) => f.name)).toEqual(['1', '2', '3', '4', '5'])
    expect(problems).toEqual([{ kind: 'tooMany' }])
  })

  it('refuses a file over 50 MB by name and keeps the others', () => {
    const { files, problems } = addToSelection(
      [],
      [file('big.mp4', MAX_FILE_BYTES + 1), file('ok.mp4', MAX_FILE_BYTES)],
    )
    expect(files.map((f) => f.name)).toEqual(['ok.mp4'])
    expect(problems).toEqual([{ kind: 'tooLarge', name: 'big.mp4' }])
  })
})

describe('parseTags', () => {
  it('splits on commas (also Chinese ones), trims, lower-cases and de-duplicates', () => {
    expect(parseTags(' Cells, #biology，cells ,, deep  learning')).toEqual([
      'cells',
      'biology',
      'deep learning',
    ])
  })
})

describe('checkSubmission', () => {
  it('needs at least one file and a title', () => {
    expect(checkSubmission(0, { title: ' ', tags: '' })).toEqual([
      { field: 'files', kind: 'noFiles' },
      { field: 'title', kind: 'titleRequired' },
    ])
  })

  it('limits the title and the tags', () => {
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')
    expect(checkSubmission(1, { title: 'x'.repeat(201), tags })).toEqual([
      { field: 'title', kind: 'titleTooLong' },
      { field: 'tags', kind: 'tooManyTags' },
    ])
    expect(checkSubmission(1, { title: 'ok', tags: 'y'.repeat(33) })).toEqual([
      { field: 'tags', kind: 'tagTooLong', tag: 'y'.repeat(33) },
    ])
    expect(checkSubmission(1, { title: 'ok', tags: 'a, b' })).toEqual([])
  })
})

describe('createSpeedMeter', () => {
  it('measures bytes per second over the last second', () => {
    const meter = createSpeedMeter(1000)
    expect(meter.add(0, 0)).toBeNull()
    expect(meter.add(500, 500_000)).toBe(1_000_000)
    expect(meter.add(1000, 1_000_000)).toBe(1_000_000)
    // Faster now: the old samples leave the window and the figure follows.
    expect(meter.add(2000, 3_000_000)).toBe(2_000_000)
    expect(meter.add(2500, 4_500_000)).toBeCloseTo((3_500_000 / 1500) * 1000)
  })
})

describe('tag completion', () => {
  it('finds the tag typed at the caret after the last comma', () => {
    expect(tagAt('biology, neu', 12)).toEqual({ start: 9, prefix: 'neu' })
    expect(tagAt('neu', 3)).toEqual({ start: 0, prefix: 'neu' })
    expect(tagAt('a，ne', 4)).toEqual({ start: 2, prefix: 'ne' })
    expect(tagAt('biology, ', 9)).toBeNull()
    expect(tagAt('biology, neu', 3)).toEqual({ start: 0, prefix: 'bio' })
  })

  it('completes the tag and leaves the caret ready for the next one', () => {
    expect(completeTag('biology, neu', 12, { start: 9 }, 'neuroscience')).toEqual({
      text: 'biology, neuroscience, ',
      caret: 23,
    })
    // In the middle of the list the rest stays as it was.
    expect(completeTag('bio, imaging', 3, { start: 0 }, 'biology')).toEqual({
      text: 'biology, imaging',
      caret: 7,
    })
  })
})

describe('the DOI field', () => {
  it('takes nothing, a bare DOI, doi: or a doi.org link, and refuses anything else', () => {
    const doiProblems = (doi: string) => checkSubmission(1, { title: 'T', tags: '', doi }).map((p) => p.kind)
    expect(doiProblems('')).toEqual([])
    expect(doiProblems('10.1038/nphys1170')).toEqual([])
    expect(doiProblems('doi:10.1038/nphys1170')).toEqual([])
    expect(doiProblems('https://doi.org/10.1038/nphys1170')).toEqual([])
    expect(doiProblems('nphys1170')).toEqual(['badDoi'])
    expect(doiProblems('10.12/x')).toEqual(['badDoi'])
  })
})
