import { open } from 'node:fs/promises'
import { extname } from 'node:path'
import { fileTypeFromFile } from 'file-type'

export interface SniffedType {
  mime: string
  /** What the bytes are, as a file extension (png, pdf, docx, txt, md…). */
  ext: string
}

/** How much of a file the text detector reads. */
const TEXT_SAMPLE_BYTES = 64 * 1024

/** Old binary Office files are all OLE compound files; only the name tells a .doc from an .xls. */
const COMPOUND_FILE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
}

const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd'])
/** Markup a browser would render (and run scripts in) rather than show as text. */
const MARKUP_START = /^(<!doctype\s+html|<html|<head|<body|<script|<svg|<\?xml|<iframe)/i

function extensionOf(name: string) {
  return extname(name).slice(1).toLowerCase()
}

/**
 * What a file really is, judged by its bytes (magic numbers via file-type, then a UTF-8 text
 * check), never by the name it was uploaded with — except to tell .doc/.xls/.ppt apart, and
 * Markdown from plain text, which bytes cannot. Null when it is neither a known binary nor text.
 */
export async function sniffFile(path: string, name: string): Promise<SniffedType | null> {
  const detected = await fileTypeFromFile(path)
  if (detected) {
    if (detected.ext === 'cfb') {
      const ext = extensionOf(name)
      const mime = COMPOUND_FILE_TYPES[ext]
      return mime ? { mime, ext } : { mime: detected.mime, ext: detected.ext }
    }
    return { mime: detected.mime, ext: detected.ext }
  }
  const sample = await readHead(path, TEXT_SAMPLE_BYTES)
  const text = decodeText(sample.bytes, sample.truncated)
  if (text === null) return null
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 64)
  if (MARKUP_START.test(start))
    return { mime: start.startsWith('<?') ? 'application/xml' : 'text/html', ext: 'html' }
  const ext = extensionOf(name)
  if (MARKDOWN_EXTENSIONS.has(ext)) return { mime: 'text/markdown', ext: 'md' }
  return { mime: 'text/plain', ext: 'txt' }
}

async function readHead(path: string, limit: number) {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(limit + 1)
    const { bytesRead } = await handle.read(buffer, 0, limit + 1, 0)
    return { bytes: buffer.subarray(0, Math.min(bytesRead, limit)), truncated: bytesRead > limit }
  } finally {
    await handle.close()
  }
}

/** The sample as UTF-8 text, or null when it looks binary (NUL bytes, invalid UTF-8, many controls). */
function decodeText(bytes: Uint8Array, truncated: boolean): string | null {
  if (bytes.includes(0)) return null
  const decoder = new TextDecoder('utf-8', { fatal: true })
  // A sample cut mid-character may end in up to 3 bytes of an incomplete sequence.
  for (let cut = 0; cut <= (truncated ? 3 : 0); cut++) {
    try {
      const text = decoder.decode(bytes.subarray(0, bytes.length - cut))
      let controls = 0
      for (const char of text) {
        const code = char.charCodeAt(0)
        if (code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t' && char !== '\f' && char !== '\v')
          controls++
      }
      return controls > text.length / 100 ? null : text
    } catch {
      // try a shorter cut
    }
  }
  return null
}
