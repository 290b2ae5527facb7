import type { MediaItem, MediaKind, PinStatus } from '@agora/contract'
import mime from 'mime'
import type { PostFileRow } from '../../db/schema'

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

/** A stored file as the API shows it in a post, a version or a list (`MediaItem`). */
export function toMediaItem(
  file: PostFileRow & { has_thumbnail?: boolean; pin_status?: PinStatus | null },
): MediaItem {
  return {
    url: fileUrl(file.cid),
    cid: file.cid,
    name: file.name,
    mime: file.mime,
    size: file.size,
    kind: file.kind,
    ...(file.has_thumbnail ? { thumbnail: `${fileUrl(file.cid)}/thumbnail` } : {}),
    ...(file.pin_status ? { pin_status: file.pin_status } : {}),
  }
}

/**
 * The name a file is saved under when a link asks for `name`: it always ends in the
 * extension of the type we sniffed, so a name cannot turn a PDF into `x.html` on the reader's disk.
 * An extension the name already has for that type stays (`paper.PDF`, `photo.jpeg`); an extension
 * of another known type is replaced (`x.html` → `x.pdf`: not `x.html.pdf`, which a file manager
 * hiding extensions shows as `x.html`); anything else after a dot is part of the name
 * (`paper v1.2` → `paper v1.2.pdf`).
 */
export function downloadName(name: string, type: string): string {
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (extension && mime.getAllExtensions(type)?.has(extension)) return name
  const stem = extension && mime.getType(extension) ? name.slice(0, dot) : name
  return `${stem}.${mime.getExtension(type) ?? 'bin'}`
}
