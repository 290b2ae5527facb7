import Type, { type Static } from 'typebox'
import { Nullable } from './common'
import { VERSION_CHANGELOG_MAX } from './limits'
import { MediaItem, PostDetailResponse } from './posts'

/**
 * Versions of a work's files: the author publishes a new set of files with a one-line
 * changelog; every version stays readable and downloadable at its own CIDs, and each has a
 * manifest CID, the one `ipfs add -r --cid-version 1` gives a directory holding its files under
 * their names. GET /media/{id}?version=N shows version N (PostDetailQuery, posts.ts).
 */

/**
 * POST /media/{id}/versions is multipart: the new files under `file` or `files` (the upload's
 * limits: at most 5 in the new version, ≤ 50 MB each, the same types), and these fields.
 * Documented here; the server reads the parts as they stream.
 */
export const PostVersionUploadFields = Type.Object({
  /** What changed, in one line. */
  changelog: Type.String({ minLength: 1, maxLength: VERSION_CHANGELOG_MAX }),
  /**
   * Names of files of the current version to carry over: the field repeated (one name each) or
   * names separated by commas. A new file named like a file not kept replaces it in its place.
   */
  keep: Type.Optional(Type.String()),
})
export type PostVersionUploadFields = Static<typeof PostVersionUploadFields>

export const PostVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  /** '' for the first version. */
  changelog: Type.String(),
  created_at: Type.String({ description: 'ISO 8601' }),
  /** Who published it (null once that account is gone). */
  created_by: Nullable(Type.String()),
  manifest_cid: Nullable(Type.String()),
  /** The version's files, each at its own CID (`url` is `/api/v1/files/{cid}`). */
  files: Type.Array(MediaItem),
})
export type PostVersion = Static<typeof PostVersion>

/** Every version of a post, oldest first; the last is the current one. */
export const PostVersionsResponse = Type.Object({
  post_id: Type.String(),
  current: Type.Integer({ minimum: 1 }),
  items: Type.Array(PostVersion),
})
export type PostVersionsResponse = Static<typeof PostVersionsResponse>

/** 201: the post as its new version shows it. */
export const PostVersionCreatedResponse = PostDetailResponse
export type PostVersionCreatedResponse = PostDetailResponse
