/**
 * Post calls (product-spec §7 "Media"): the forum list, a post, likes, deletion and the upload.
 * Screens use the hooks in features/forum, features/post and features/upload, not these directly.
 *
 *   const page = await listPosts({ search: 'cells', sort: 'hot_desc', cursor: null }, signal)
 */
import type {
  AnswerOf,
  Api,
  CiteFormat,
  PostCursor,
  PostDeleteResponse,
  PostDetailResponse,
  PostEditConflict,
  PostLikeResponse,
  PostListResponse,
  PostRevisionsResponse,
  PostSort,
  PostUploadResponse,
  UploadQuotaResponse,
} from '@agora/contract'
import { API_BASE, ApiError, call, callPath, isEditConflict, refreshSession } from './client'
import { takeEarly } from './early'
import { endSession, getAuth } from './session'

/** The forum's page size (spec §9). */
export const FORUM_PAGE_SIZE = 12

export interface PostListParams {
  /** Trimmed search text; empty means no search. */
  search: string
  /** No sort chosen: the server's default (newest first, or relevance when searching). */
  sort: PostSort | null
  cursor: PostCursor | null
  limit?: number
  /** `following`: posts by the authors and in the tags the reader follows (signed in only). */
  feed?: 'following'
  /** Only posts carrying exactly this tag (a tag page, the forum's filter). */
  tag?: string
  /** Only posts of this media type. */
  mediaType?: string
  /** Only posts by the author of this username. */
  author?: string
  /** Only posts created from / until these days (YYYY-MM-DD, both included). */
  from?: string
  to?: string
  /** Only posts with at least one review that is not withdrawn. */
  reviewed?: boolean
}

/** GET /media/list's query for one page. */
function listQuery(params: PostListParams) {
  return {
    limit: params.limit ?? FORUM_PAGE_SIZE,
    sort_by: params.sort ?? undefined,
    search: params.search || undefined,
    cursor: params.cursor ? JSON.stringify(params.cursor) : undefined,
    feed: params.feed,
    tag: params.tag,
    media_type: params.mediaType,
    author_username: params.author,
    from: params.from,
    to: params.to,
    reviewed: params.reviewed ? ('true' as const) : undefined,
  }
}

/**
 * The path listPosts asks by. The forum's first page, '/media/list?limit=12', may have been asked for
 * before the app ran (public/route-prefetch.js): listPosts takes that answer.
 */
export const listPostsPath = (params: PostListParams) =>
  callPath('GET /media/list', { query: listQuery(params) })

/** GET /media/list: one keyset page. The cursor goes back whole, so hot and relevance pages are exact. */
export async function listPosts(params: PostListParams, signal?: AbortSignal): Promise<PostListResponse> {
  const query = listQuery(params)
  const answer =
    (await takeEarly<PostListResponse>(callPath('GET /media/list', { query }))) ??
    (await call('GET /media/list', { signal, query }))
  // The spec also allows a bare array: one page with nothing after it.
  return Array.isArray(answer) ? { items: answer, has_next: false, next_cursor: null } : answer
}

/** GET /media/{id}. 404 'Post not found' for a missing or someone else's private post. */
export function getPost(id: string, signal?: AbortSignal): Promise<PostDetailResponse> {
  return call('GET /media/:id', { params: { id }, signal })
}

/** POST /media/{id}/like with the wanted state, so a repeated call cannot flip it back. */
export function setPostLike(id: string, like: boolean): Promise<PostLikeResponse> {
  return call('POST /media/:id/like', {
    params: { id },
    json: { action: like ? 'like' : 'unlike' },
  })
}

export interface PostEdit {
  /** The revision the edit started from: a post changed since answers 409 (see editConflictOf). */
  base_revision: number
  title: string
  summary: string
  content: string
  /** Comma separated, as typed. */
  tags: string
  visibility: 'public' | 'private'
  /** An SPDX id of POST_LICENSES. */
  license: string
  /** A DOI or doi.org link; '' for none. */
  doi: string
  /** Making the post public: others also see its revisions and versions from while it was private. */
  share_private_history?: boolean
}

/** PATCH /media/{id} (author only): the post as it is after the edit. */
export function editPost(id: string, edit: PostEdit): Promise<PostDetailResponse> {
  return call('PATCH /media/:id', { params: { id }, json: edit })
}

/** The post as it is now, when an edit failed because someone changed it meanwhile (409). */
export function postConflictOf(error: unknown): PostDetailResponse | null {
  return isEditConflict(error) ? (error.body as PostEditConflict).current : null
}

/** GET /media/{id}/revisions: every revision, oldest first, the current one last. */
export function getPostRevisions(id: string, signal?: AbortSignal): Promise<PostRevisionsResponse> {
  return call('GET /media/:id/revisions', { params: { id }, signal })
}

/** DELETE /media/{id}/delete (author only). */
export function deletePost(id: string): Promise<PostDeleteResponse> {
  return call('DELETE /media/:id/delete', { params: { id } })
}

export interface UploadFields {
  title: string
  summary: string
  content: string
  /** Comma separated, as typed; the server trims, lower-cases and de-duplicates. */
  tags: string
  ai_instruction: string
  visibility: 'public' | 'private'
  /** An SPDX id of POST_LICENSES (CC-BY-4.0 unless chosen). */
  license: string
  /** A DOI or doi.org link; '' for none. */
  doi: string
}

export interface UploadProgress {
  loaded: number
  total: number
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/** The caller aborted the upload (a Cancel button). */
export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError'
}

function uploadBody(files: readonly File[], fields: UploadFields): FormData {
  const body = new FormData()
  // Text fields first: the server reads the parts in order and can refuse early.
  body.append('title', fields.title)
  body.append('summary', fields.summary)
  body.append('description', fields.summary)
  body.append('content', fields.content)
  body.append('tags', fields.tags)
  body.append('ai_instruction', fields.ai_instruction)
  body.append('visibility', fields.visibility)
  body.append('license', fields.license)
  body.append('doi', fields.doi)
  for (const file of files) body.append('files', file, file.name)
  return body
}

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let detail = xhr.statusText || `Request failed (${xhr.status})`
  let code = `http_${xhr.status}`
  let errors: ApiError['errors']
  let parsed: unknown
  try {
    const body = JSON.parse(xhr.responseText) as {
      detail?: unknown
      code?: unknown
      errors?: ApiError['errors']
    }
    parsed = body
    if (typeof body.detail === 'string') detail = body.detail
    if (typeof body.code === 'string') code = body.code
    errors = body.errors
  } catch {
    // Not JSON (a proxy's page): keep the status text.
  }
  return new ApiError(xhr.status, detail, code, errors, parsed)
}

/** One XMLHttpRequest: fetch() cannot report upload progress, XHR's upload events can. */
function sendUpload(
  body: FormData,
  options: UploadOptions,
): Promise<{ status: number; xhr: XMLHttpRequest }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}${callPath('POST /media/upload')}`)
    xhr.setRequestHeader('Accept', 'application/json')
    const auth = getAuth()
    if (auth?.mode === 'compat' && auth.token) xhr.setRequestHeader('Authorization', `Bearer ${auth.token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total })
    }
    // The last progress event may stop short of the total; the body is then fully sent all the same.
    xhr.upload.onload = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.total, total: event.total })
    }
    xhr.onload = () => resolve({ status: xhr.status, xhr })
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server', 'network'))
    xhr.onabort = () => reject(new UploadAbortedError('Upload cancelled'))
    const onAbort = () => xhr.abort()
    if (options.signal?.aborted) return reject(new UploadAbortedError('Upload cancelled'))
    options.signal?.addEventListener('abort', onAbort, { once: true })
    xhr.onloadend = () => options.signal?.removeEventListener('abort', onAbort)
    xhr.send(body)
  })
}

/**
 * POST /media/upload (multipart) with real progress. The session is handled like the API client does:
 * a secure-mode session about to end is renewed first, and a 401 renews once and re-sends. A 401 that
 * stays ends the local session quietly; the upload screen opens the login card itself (spec §4).
 * No time-out: 5 files of 50 MB may take minutes on a slow line.
 */
export async function uploadPost(
  files: readonly File[],
  fields: UploadFields,
  options: UploadOptions = {},
): Promise<PostUploadResponse> {
  const auth = getAuth()
  if (auth?.mode === 'secure' && auth.expiresAt - Date.now() < 30_000) await refreshSession()
  let { status, xhr } = await sendUpload(uploadBody(files, fields), options)
  if (status === 401 && getAuth()?.mode === 'secure' && (await refreshSession())) {
    ;({ status, xhr } = await sendUpload(uploadBody(files, fields), options))
  }
  if (status === 401) endSession()
  if (status < 200 || status >= 300) throw errorFrom(xhr)
  return JSON.parse(xhr.responseText) as PostUploadResponse
}

/** The formats GET /media/{id}/cite answers. */
export type { CiteFormat }

/** A post's citation as text in `format`; `version` cites that version of its files. */
export async function getCitation(
  postId: string,
  format: CiteFormat,
  version: number | null,
  signal?: AbortSignal,
): Promise<string> {
  // CSL-JSON comes back parsed (its content type is JSON), the other formats as text.
  const answer: unknown = await call('GET /media/:id/cite', {
    params: { id: postId },
    signal,
    query: { format, version: version ?? undefined },
  })
  return typeof answer === 'string' ? answer : `${JSON.stringify(answer, null, 2)}\n`
}

/** Where the citation downloads as a file. */
export function citationFileUrl(postId: string, format: CiteFormat, version: number | null): string {
  const query = { format, download: true, ...(version ? { version } : {}) }
  return `${API_BASE}${callPath('GET /media/:id/cite', { params: { id: postId }, query })}`
}

export type TagCount = AnswerOf<Api['GET /tags']>['tags'][number]

/** GET /tags/{name}: how many public posts carry the tag, and the tags seen with it most. */
export function getTagSummary(tag: string, signal?: AbortSignal) {
  return call('GET /tags/:name', { params: { name: tag }, signal })
}

/** GET /tags?prefix=: tags for autocomplete, most used first. */
export function getTags(prefix: string, signal?: AbortSignal) {
  return call('GET /tags', { signal, query: { prefix, limit: 8 } })
}

/** GET /media/upload/quota: the signed-in user's storage used, their quota and upload rate. */
export function fetchUploadQuota(signal?: AbortSignal): Promise<UploadQuotaResponse> {
  return call('GET /media/upload/quota', { signal, unauthorized: 'silent' })
}
