import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  type CharBudget,
  checkDeadline,
  type ExtractedFile,
  ExtractionError,
  type ExtractionLimits,
  takeBlocks,
} from './extract.limits'
import { linesToBlocks, SENTENCE_END } from './extract.text'
import { drawFirstPage } from './extract.thumbnail'

/** The text layer of a PDF (pdf.js), page by page, laid out again as paragraphs. */

export interface PdfLine {
  text: string
  /** Baseline position on the page (PDF units, upwards). */
  y: number
  font: string
  fontChars: number
}

/**
 * PDF layout back into paragraph marks (empty lines), before the lines are joined: a gap clearly
 * wider than the page's usual line spacing ends a paragraph, and so does a line in another font
 * than the next one when it has no closing punctuation and the next starts a sentence (a bold or
 * larger heading above body text).
 */
export function markParagraphs(lines: PdfLine[]): string[] {
  const filled = lines.filter((line) => line.text.trim())
  const gaps = filled
    .slice(1)
    .map((line, index) => filled[index].y - line.y)
    .filter((gap) => gap > 0)
    .sort((a, b) => a - b)
  const spacing = gaps[Math.floor(gaps.length / 4)] ?? 0
  const marked: string[] = []
  for (const [index, line] of filled.entries()) {
    marked.push(line.text)
    const next = filled[index + 1]
    if (!next) break
    const gap = line.y - next.y
    const wideGap = spacing > 0 && gap > spacing * 1.3 + 0.5
    const heading =
      line.font !== next.font &&
      !SENTENCE_END.test(line.text.trim()) &&
      /^[\p{Lu}\p{N}]/u.test(next.text.trim())
    if (wideGap || heading || gap < 0) marked.push('')
  }
  return marked
}

const pdfjsAssets = (() => {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  return { cMapUrl: `${join(root, 'cmaps')}/`, standardFontDataUrl: `${join(root, 'standard_fonts')}/` }
})()

export async function extractPdf(
  name: string,
  bytes: Uint8Array,
  budget: CharBudget,
  limits: ExtractionLimits,
): Promise<ExtractedFile> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: bytes,
    ...pdfjsAssets,
    cMapPacked: true,
    // Fonts are never compiled to code (CVE-2024-4367) or installed; we only want the text layer.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    let document: Awaited<typeof task.promise>
    try {
      document = await task.promise
    } catch (error) {
      const reason =
        (error as Error).name === 'PasswordException'
          ? 'it is password-protected'
          : 'it is damaged or not a PDF'
      throw new ExtractionError(
        `The PDF file "${name}" could not be read: ${reason} (${(error as Error).message}).`,
      )
    }
    const pages = document.numPages
    const blocks: string[] = []
    const blockPages: number[] = []
    let pagesRead = 0
    for (let number = 1; number <= Math.min(pages, limits.maxPages); number += 1) {
      checkDeadline(limits, name)
      if (budget.exhausted) break
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      const lines: PdfLine[] = []
      let line: PdfLine | null = null
      for (const item of content.items) {
        if (!('str' in item)) continue
        if (!line) {
          line = { text: '', y: item.transform[5], font: '', fontChars: 0 }
          lines.push(line)
        }
        line.text += item.str
        // A line's font is the one most of its characters are set in.
        if (item.str.trim().length > line.fontChars) {
          line.font = item.fontName
          line.fontChars = item.str.trim().length
        }
        if (item.hasEOL) line = null
      }
      page.cleanup()
      pagesRead = number
      const kept = takeBlocks(linesToBlocks(markParagraphs(lines)), budget)
      blocks.push(...kept)
      for (const _ of kept) blockPages.push(number)
    }
    if (pagesRead < pages) budget.truncated = true
    const thumbnail = pages > 0 && Date.now() < limits.deadline ? await drawFirstPage(document) : undefined
    return {
      blocks,
      blockPages,
      pages,
      pagesRead,
      truncated: pagesRead < pages || budget.truncated,
      ...(thumbnail ? { thumbnail } : {}),
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error
    throw new ExtractionError(`The PDF file "${name}" could not be read: ${(error as Error).message}.`)
  } finally {
    await task.destroy()
  }
}
