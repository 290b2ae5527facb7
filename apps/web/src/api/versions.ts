/**
 * Versions of a post's files: one version's detail, the list, and publishing a new one.
 * Screens use the hooks in features/post (useVersions.ts), not these directly.
 */
import type { PostDetailResponse, PostVersionsResponse } from '@agora/contract'
import { call } from './client'

/** GET /media/{id}?version=N: the post showing version N's files (404 when there is no such version). */
export function getPostVersion(
  id: string,
  version: number,
  signal?: AbortSignal,
): Promise<PostDetailResponse> {
  return call('GET /media/:id', { params: { id }, signal, query: { version } })
}

/** GET /media/{id}/versions: every version, oldest first. */
export function getPostVersions(id: string, signal?: AbortSignal): Promise<PostVersionsResponse> {
  return call('GET /media/:id/versions', { params: { id }, signal })
}

export interface NewVersion {
  files: readonly File[]
  changelog: string
  /** Names of current files to carry over. */
  keep: readonly string[]
}

/** POST /media/{id}/versions (multipart): answers the post showing its new version. */
export function publishVersion(id: string, version: NewVersion): Promise<PostDetailResponse> {
  const body = new FormData()
  body.append('changelog', version.changelog)
  // One `keep` field per name: a name may hold a comma.
  for (const name of version.keep) body.append('keep', name)
  for (const file of version.files) body.append('files', file, file.name)
  return call('POST /media/:id/versions', { params: { id }, formData: body })
}
