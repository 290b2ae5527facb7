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

const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|\[?::1\]?$|\[?f[cd][0-9a-f]{2}:)|\.(local|internal|localhost|test)$/i

/**
 * The address an online viewer on the internet could fetch the file from, or null when there is none:
 * the site is not served over https from a public host name (development, an intranet).
 */
export function publicFileUrl(path: string, origin: URL): string | null {
  if (origin.protocol !== 'https:' || PRIVATE_HOST.test(origin.hostname)) return null
  return new URL(path, origin).toString()
}

/** Microsoft's online viewer for Office files, the only external viewer the page's CSP lets in. */
export function officeViewerUrl(fileUrl: string): string {
  return `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(fileUrl)}`
}
