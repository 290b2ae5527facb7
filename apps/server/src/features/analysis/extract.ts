import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString as mdastToString } from 'mdast-util-to-string'
import yauzl from 'yauzl'

/**
 * Text extraction from uploaded research files. Everything here is bounded: pages, characters,
 * zip sizes and a deadline, so a hostile file costs at most a known amount of work.
 */

export type FileKind = 'pdf' | 'docx' | 'text' | 'markdown' | 'media'

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

export interface ExtractedFile {
  /** Paragraph-like blocks of plain text, in reading order. */
  blocks: string[]
  /** PDF only: pages in the file and pages actually read. */
  pages?: number
  pagesRead?: number
  truncated: boolean
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** Which extractor reads a file: the sniffed MIME type first, the extension when the type is generic. */
export function fileKind(name: string, mime: string): FileKind {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''
  const type = mime.toLowerCase().split(';')[0].trim()
  if (type === 'application/pdf') return 'pdf'
  if (type === DOCX_MIME) return 'docx'
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown'
  if (type.startsWith('image/') || type.startsWith('video/') || type.startsWith('audio/')) return 'media'
  const generic =
    type === '' || type === 'application/octet-stream' || type === 'text/plain' || type === 'application/zip'
  if (generic) {
    if (extension === 'pdf' && type !== 'text/plain') return 'pdf'
    if (extension === 'docx' && type !== 'text/plain') return 'docx'
    if (extension === 'md' || extension === 'markdown') return 'markdown'
    if (type === 'text/plain' || extension === 'txt') return 'text'
  }
  return 'media'
}

function checkDeadline(limits: ExtractionLimits, name: string) {
  if (Date.now() > limits.deadline) {
    throw new ExtractionError(`Reading "${name}" took too long; the file is too complex to analyse.`)
  }
}

/** Whitespace of every kind (including the no-break spaces PDFs like) becomes one space. */
export function squashSpaces(text: string) {
  return text.replace(/[\s\u00a0\u2000-\u200b\u3000]+/g, ' ').trim()
}

const SENTENCE_END = /[.!?:;。！？；…"')\]»”’]$/u

/**
 * Lines of a PDF page back into paragraphs: wrapped lines are joined (and words hyphenated at a
 * line end re-joined). Blank lines end a paragraph; a line much shorter than the page's usual
 * line, without closing punctuation and followed by a capital (a heading, a caption, a page
 * number), stands alone, so it never glues onto the next sentence.
 */
export function linesToBlocks(rawLines: string[]): string[] {
  const lines = rawLines.map(squashSpaces)
  const lengths = lines
    .filter(Boolean)
    .map((line) => line.length)
    .sort((a, b) => a - b)
  const usual = lengths[Math.floor(lengths.length / 2)] ?? 0
  const blocks: string[] = []
  let current = ''
  const flush = () => {
    if (current) blocks.push(current)
    current = ''
  }
  for (const [index, line] of lines.entries()) {
    if (!line) {
      flush()
      continue
    }
    const next = lines[index + 1] ?? ''
    const standsAlone =
      /^\d+$/.test(line) ||
      (line.length < usual * 0.6 && !SENTENCE_END.test(line) && !/[-,]$/.test(line) && !/^\p{Ll}/u.test(next))
    if (standsAlone) {
      flush()
      current = line
      flush()
      continue
    }
    if (/\p{Ll}-$/u.test(current) && /^\p{Ll}/u.test(line)) current = current.slice(0, -1) + line
    else current = current ? `${current} ${line}` : line
  }
  flush()
  return blocks
}

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

/** Markdown to plain blocks: one per paragraph, heading, list item or table cell; code and HTML dropped. */
export function markdownToBlocks(markdown: string): string[] {
  const blocks: string[] = []
  const visit = (node: Root | RootContent) => {
    switch (node.type) {
      case 'code':
      case 'html':
      case 'image':
      case 'imageReference':
      case 'definition':
      case 'thematicBreak':
        return
      case 'paragraph':
      case 'heading':
      case 'tableCell': {
        const text = squashSpaces(mdastToString(node, { includeImageAlt: false }))
        if (text) blocks.push(text)
        return
      }
      default:
        if ('children' in node) for (const child of node.children) visit(child)
    }
  }
  visit(fromMarkdown(markdown))
  return blocks
}

function takeBlocks(blocks: string[], budget: CharBudget): string[] {
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

function decodeText(bytes: Uint8Array): string {
  // A cut at the read limit may split a UTF-8 sequence; the decoder replaces that one character.
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '')
}

export function extractPlainText(bytes: Uint8Array, budget: CharBudget, markdown: boolean): ExtractedFile {
  const text = decodeText(bytes)
  const blocks = markdown
    ? markdownToBlocks(text)
    : text
        .split(/\n\s*\n/)
        .map(squashSpaces)
        .filter(Boolean)
  return { blocks: takeBlocks(blocks, budget), truncated: budget.truncated }
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
      blocks.push(...takeBlocks(linesToBlocks(markParagraphs(lines)), budget))
    }
    if (pagesRead < pages) budget.truncated = true
    return { blocks, pages, pagesRead, truncated: pagesRead < pages || budget.truncated }
  } catch (error) {
    if (error instanceof ExtractionError) throw error
    throw new ExtractionError(`The PDF file "${name}" could not be read: ${(error as Error).message}.`)
  } finally {
    await task.destroy()
  }
}

/**
 * Guards against zip bombs before the .docx reaches the Word reader: the zip's own directory
 * bounds the entry count, and every XML part is inflated once with its size checked against both
 * the declared size (yauzl refuses a part that inflates beyond it) and our total cap.
 */
export async function checkDocxZip(
  name: string,
  bytes: Uint8Array,
  limits: Pick<ExtractionLimits, 'deadline' | 'maxZipEntries' | 'maxZipXmlBytes'>,
): Promise<void> {
  const damaged = (detail: string) =>
    new ExtractionError(
      `The Word file "${name}" could not be read: it is damaged or not a .docx file (${detail}).`,
    )
  const tooLarge = () => new ExtractionError(`The Word file "${name}" unpacks to more than we analyse.`)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true },
      (error, file) => (error ? reject(damaged(error.message)) : resolve(file)),
    ),
  )
  if (zip.entryCount > limits.maxZipEntries) {
    zip.close()
    throw tooLarge()
  }
  let xmlBytes = 0
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close()
      reject(error instanceof ExtractionError ? error : damaged(error.message))
    }
    zip.on('error', fail)
    zip.on('end', resolve)
    zip.on('entry', (entry: yauzl.Entry) => {
      if (Date.now() > limits.deadline) return fail(new ExtractionError(`Reading "${name}" took too long.`))
      if (!/\.(xml|rels)$/i.test(entry.fileName)) return zip.readEntry()
      if (xmlBytes + entry.uncompressedSize > limits.maxZipXmlBytes) return fail(tooLarge())
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error)
        stream.on('data', (chunk: Buffer) => {
          xmlBytes += chunk.length
          if (xmlBytes > limits.maxZipXmlBytes) {
            stream.destroy()
            fail(tooLarge())
          }
        })
        stream.on('error', fail)
        stream.on('end', () => zip.readEntry())
      })
    })
    zip.readEntry()
  })
}

export async function extractDocx(
  name: string,
  bytes: Uint8Array,
  budget: CharBudget,
  limits: ExtractionLimits,
): Promise<ExtractedFile> {
  await checkDocxZip(name, bytes, limits)
  checkDeadline(limits, name)
  const mammoth = (await import('mammoth')).default
  let text: string
  try {
    text = (
      await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
    ).value
  } catch (error) {
    throw new ExtractionError(`The Word file "${name}" could not be read: ${(error as Error).message}.`)
  }
  const blocks = text.split(/\n\s*\n/).flatMap((paragraph) => linesToBlocks(paragraph.split('\n')))
  return { blocks: takeBlocks(blocks, budget), truncated: budget.truncated }
}

export async function extractFile(
  file: { name: string; kind: FileKind; bytes: Uint8Array },
  budget: CharBudget,
  limits: ExtractionLimits,
): Promise<ExtractedFile> {
  checkDeadline(limits, file.name)
  switch (file.kind) {
    case 'pdf':
      return extractPdf(file.name, file.bytes, budget, limits)
    case 'docx':
      return extractDocx(file.name, file.bytes, budget, limits)
    case 'text':
      return extractPlainText(file.bytes, budget, false)
    case 'markdown':
      return extractPlainText(file.bytes, budget, true)
    case 'media':
      return { blocks: [], truncated: false }
  }
}
