import { afterAll, describe, expect, it } from 'vitest'
import { CORAL_PARAGRAPHS, CORAL_TITLE, makePdf, squash } from './analysis.fixtures'
import { DEFAULT_LIMITS, ExtractionError } from './extract.limits'
import type { PreparationInput } from './prepare'
import { closeSandboxThreads, prepareInSandbox, sandboxThreadsStarted } from './sandbox'

async function input(pages = 1): Promise<PreparationInput> {
  const pdf = await makePdf({ paragraphs: CORAL_PARAGRAPHS, pages })
  return {
    title: CORAL_TITLE,
    summary: '',
    content: '',
    files: [{ name: 'coral.pdf', kind: 'pdf', bytes: new Uint8Array(pdf) }],
    limits: { ...DEFAULT_LIMITS },
    textBudget: 500,
  }
}

// Each test may start a thread (pdf.js, the Word reader, the language model): slow on a busy machine.
describe('the extraction thread', { timeout: 90_000 }, () => {
  afterAll(() => closeSandboxThreads())

  it('prepares a PDF in a worker thread and hands the result back', async () => {
    const preparation = await prepareInSandbox(await input(), { timeoutMs: 30_000, memoryMb: 256 })
    expect(preparation.language).toBe('en')
    expect(preparation.files).toEqual([
      expect.objectContaining({ name: 'coral.pdf', kind: 'pdf', pages: 1, pagesRead: 1 }),
    ])
    for (const sentence of preparation.summary) expect(squash(CORAL_PARAGRAPHS.join(' '))).toContain(sentence)
    expect(preparation.text.length).toBe(500)
    expect(preparation.text.startsWith(CORAL_TITLE)).toBe(true)
  })

  it('reuses a healthy thread for the next job', async () => {
    const threads = sandboxThreadsStarted()
    const preparation = await prepareInSandbox(await input(), { timeoutMs: 30_000, memoryMb: 256 })
    expect(preparation.summary.length).toBeGreaterThanOrEqual(2)
    // The thread of the first job, with its language model loaded, did this one too.
    expect(sandboxThreadsStarted()).toBe(threads)
  })

  it('terminates the thread at the hard time limit', async () => {
    // 150 pages take the thread seconds; the limit ends it after a tenth of one.
    const long = await input(150)
    const threads = sandboxThreadsStarted()
    const started = Date.now()
    const error = await prepareInSandbox(long, { timeoutMs: 100, memoryMb: 256 }).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toBe('Analysing the files took longer than 0.1 s.')
    expect(Date.now() - started).toBeLessThan(1_500)
    // The stopped thread is not reused: the next job gets a new one.
    await prepareInSandbox(await input(), { timeoutMs: 30_000, memoryMb: 256 })
    expect(sandboxThreadsStarted()).toBe(threads + 1)
  })

  it('passes extraction errors back as they are', async () => {
    const broken = await input()
    broken.files[0].bytes = new TextEncoder().encode('%PDF-1.7 nothing else')
    const error = await prepareInSandbox(broken, { timeoutMs: 30_000, memoryMb: 256 }).catch((e) => e)
    expect(error).toBeInstanceOf(ExtractionError)
    expect(error.message).toMatch(/^The PDF file "coral.pdf" could not be read/)
  })
})
