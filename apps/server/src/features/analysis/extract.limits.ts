/**
 * What every extractor shares: the limits that bound its work (pages, characters, zip sizes, a
 * deadline), so a hostile file costs at most a known amount of work; the character budget of one
 * post; the error for files that cannot be read; the shape of what is read.
 */

export interface ExtractionLimits {
  /** Pages read from one PDF; later pages are skipped and the result marked truncated. */
  maxPages: number
  /** Characters kept from the whole post (all files together). */
  maxChars: number
  /** Epoch milliseconds after which extraction stops with an error. */
  deadline: number
  /** A .docx is a zip: at most this many entries, and this many uncompressed bytes of XML in all. */
  maxZipEntries: number
  maxZipXmlBytes: number
}

export const DEFAULT_LIMITS = {
  maxPages: 200,
  maxChars: 300_000,
  timeoutMs: 30_000,
  maxZipEntries: 5_000,
  maxZipXmlBytes: 128 * 1024 * 1024,
} as const

/** Bytes read from a plain-text file: what fits in the character budget, with room for UTF-8. */
export const TEXT_READ_BYTES = 1024 * 1024

/** A file's content cannot be read (damaged, encrypted, too large when unpacked, too slow). Not retried. */
export class ExtractionError extends Error {
  override name = 'ExtractionError'
}

/** The characters still allowed, shared by every file of one post. */
export class CharBudget {
  truncated = false
  constructor(public remaining: number) {}

  /** Keeps what fits of `text`; returns it (possibly cut) and notes the truncation. */
  take(text: string): string {
    if (text.length <= this.remaining) {
      this.remaining -= text.length
      return text
    }
    const kept = text.slice(0, Math.max(0, this.remaining))
    this.remaining = 0
    this.truncated = true
    return kept
  }

  get exhausted() {
    return this.remaining <= 0
  }
}

import type { Thumbnail } from './extract.thumbnail'

export interface ExtractedFile {
  /** Paragraph-like blocks of plain text, in reading order. */
  blocks: string[]
  /** PDF only: pages in the file and pages actually read. */
  pages?: number
  pagesRead?: number
  /** PDF only: the page each of `blocks` comes from (from 1), for pointing at a sentence. */
  blockPages?: number[]
  truncated: boolean
  /** PDF only: its first page as a picture, when it could be drawn (extract.thumbnail). */
  thumbnail?: Thumbnail
}

export function checkDeadline(limits: ExtractionLimits, name: string) {
  if (Date.now() > limits.deadline) {
    throw new ExtractionError(`Reading "${name}" took too long; the file is too complex to analyse.`)
  }
}

/** Keeps the blocks that fit the budget, marking the cut when some do not. */
export function takeBlocks(blocks: string[], budget: CharBudget): string[] {
  const kept: string[] = []
  for (const block of blocks) {
    if (budget.exhausted) {
      budget.truncated = true
      break
    }
    const text = budget.take(block)
    if (text) kept.push(text)
  }
  return kept
}
