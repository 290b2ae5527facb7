/**
 * Stored files (architecture.md §3): `GET /files/{cid}` serves the bytes (Range, ETag = CID),
 * `GET /files/{cid}/preview` converts a DOCX document to sanitised HTML.
 */
import type { FilePreviewResponse, MediaItem } from '@agora/contract'
import { API_BASE, call, callPath } from './client'

/** Where the browser shows a file inline (the `url` of a post's media item). */
export function fileUrl(cid: string): string {
  return `${API_BASE}${callPath('GET /files/:cid', { params: { cid } })}`
}

/** The same file as a download under its original name. */
export function downloadUrl(item: Pick<MediaItem, 'cid' | 'name'>): string {
  const query = { download: '1', name: item.name }
  return `${API_BASE}${callPath('GET /files/:cid', { params: { cid: item.cid }, query })}`
}

/**
 * A text file's content (txt, md), at most `maxBytes` of it: a long file is read from its start with a
 * Range request rather than whole. `truncated` says whether there is more.
 */
export async function fetchFileText(
  item: Pick<MediaItem, 'cid' | 'size'>,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ text: string; truncated: boolean }> {
  const truncated = item.size > maxBytes
  // A JSON file comes back parsed (its content type is JSON), any other as text.
  const body: unknown = await call('GET /files/:cid', {
    params: { cid: item.cid },
    signal,
    headers: truncated ? { Range: `bytes=0-${maxBytes - 1}` } : undefined,
  })
  return { text: typeof body === 'string' ? body : JSON.stringify(body, null, 2), truncated }
}

/** GET /files/{cid}/preview: a DOCX document as sanitised HTML. */
export function fetchDocxPreview(cid: string, signal?: AbortSignal): Promise<FilePreviewResponse> {
  return call('GET /files/:cid/preview', { params: { cid }, signal })
}
