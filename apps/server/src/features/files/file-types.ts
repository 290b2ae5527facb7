import type { MediaKind } from '@agora/contract'

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** Documents we accept besides text: PDF and the Office formats, old and new (and OpenDocument). */
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  DOCX_MIME,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/markdown',
])

/** Types a browser would render as a page or run: served only as downloads. */
const EXECUTABLE_IN_BROWSER =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/xml|text\/xml|(application|text)\/(x-)?javascript|application\/ecmascript)/

/** What an upload may be (by its sniffed type): images, video, audio, PDF, Office, text. */
export function isAllowedUpload(mime: string): boolean {
  if (EXECUTABLE_IN_BROWSER.test(mime)) return false
  return /^(image|video|audio)\//.test(mime) || DOCUMENT_TYPES.has(mime)
}

export function mediaKindOf(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  return DOCUMENT_TYPES.has(mime) ? 'document' : 'other'
}

export function mustDownload(mime: string): boolean {
  return EXECUTABLE_IN_BROWSER.test(mime)
}

export function fileUrl(cid: string): string {
  return `/api/v1/files/${cid}`
}
