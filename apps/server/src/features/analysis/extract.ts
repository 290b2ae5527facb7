import { extractDocx } from './extract.docx'
import { type CharBudget, checkDeadline, type ExtractedFile, type ExtractionLimits } from './extract.limits'
import { extractPdf } from './extract.pdf'
import { extractPlainText } from './extract.text'

/**
 * Text extraction from uploaded research files: which extractor reads a file, and reading it.
 * Everything is bounded (extract.limits), so a hostile file costs at most a known amount of work.
 */

export type FileKind = 'pdf' | 'docx' | 'text' | 'markdown' | 'media'

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
