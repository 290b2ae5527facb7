import type { MediaItem } from '@agora/contract'

/** How the viewer shows a document. */
export type DocumentKind = 'pdf' | 'text' | 'markdown' | 'docx' | 'office' | 'other'

/** Which of the viewer's type labels names the file. */
export type DocumentLabel = 'pdf' | 'word' | 'sheet' | 'slides' | 'text' | 'markdown' | 'file'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The sniffed type decides; the file name only helps when the type is generic. */
export function documentKind(item: Pick<MediaItem, 'mime' | 'name'>): DocumentKind {
  const mime = item.mime.split(';')[0].trim().toLowerCase()
  const extension = extensionOf(item.name)
  if (mime === 'application/pdf') return 'pdf'
  if (mime === DOCX) return 'docx'
  if (mime === 'text/markdown' || (mime === 'text/plain' && ['md', 'markdown'].includes(extension)))
    return 'markdown'
  if (mime === 'text/plain') return 'text'
  if (
    /^application\/(msword|vnd\.ms-(excel|powerpoint)|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.)/.test(
      mime,
    )
  )
    return 'office'
  return 'other'
}

export function documentLabel(item: Pick<MediaItem, 'mime' | 'name'>): DocumentLabel {
  const mime = item.mime.toLowerCase()
  const kind = documentKind(item)
  if (kind === 'pdf') return 'pdf'
  if (kind === 'text') return 'text'
  if (kind === 'markdown') return 'markdown'
  if (kind === 'docx' || /msword|wordprocessing|opendocument\.text/.test(mime)) return 'word'
  if (/excel|spreadsheet/.test(mime)) return 'sheet'
  if (/powerpoint|presentation/.test(mime)) return 'slides'
  return 'file'
}
