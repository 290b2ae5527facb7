import type { Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString as mdastToString } from 'mdast-util-to-string'
import { type CharBudget, type ExtractedFile, takeBlocks } from './extract.limits'

/**
 * Text as paragraph-like blocks: plain-text and Markdown files, a post's own Markdown, and the
 * lines the PDF and Word readers extract.
 */

/** Whitespace of every kind (including the no-break spaces PDFs like) becomes one space. */
export function squashSpaces(text: string) {
  return text.replace(/[\s\u00a0\u2000-\u200b\u3000]+/g, ' ').trim()
}

/** Closing punctuation: a line ending in it finishes a sentence (it is no heading or caption). */
export const SENTENCE_END = /[.!?:;。！？；…"')\]»”’]$/u

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
