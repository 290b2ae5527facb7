import Type, { type Static } from 'typebox'
import { CommentView } from './comments'
import { ErrorResponse, Nullable } from './common'
import { COMMENT_CONTENT_MAX } from './limits'
import { PostDetailResponse } from './posts'

/**
 * Editing posts and comments: every edit appends a revision, and an edit names the
 * revision it started from (`base_revision`) so that two people editing at once cannot overwrite
 * each other unseen — the second gets 409 with the current text.
 */

/** The revision an edit started from; a stale one answers 409. Omitted: the edit applies to whatever is current. */
const BaseRevision = Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))

/** What an edit of a post may change (the upload form's limits); a field left out stays as it is. */
export const PostEditRequest = Type.Object({
  base_revision: BaseRevision,
  title: Type.Optional(Type.String()),
  /** `description` is the upload form's other name for it. */
  summary: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  content: Type.Optional(Type.String()),
  /** Comma separated, as the upload form sends them, or a list. */
  tags: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })]),
  ),
  visibility: Type.Optional(Type.String()),
  /** An SPDX licence id (POST_LICENSES). */
  license: Type.Optional(Type.String({ maxLength: 40 })),
  /** A DOI ('10.1234/abc', `doi:…` or a doi.org link); '' removes it. */
  doi: Type.Optional(Type.String({ maxLength: 300 })),
  /**
   * With the post public after the edit: others see what it held while private (its earlier
   * revisions and versions). Without it they see only what was written while it was public.
   */
  share_private_history: Type.Optional(Type.Boolean()),
})
export type PostEditRequest = Static<typeof PostEditRequest>

export const CommentEditRequest = Type.Object({
  base_revision: BaseRevision,
  content: Type.String({ maxLength: COMMENT_CONTENT_MAX * 4 }),
})
export type CommentEditRequest = Static<typeof CommentEditRequest>

/** Who made a revision and when: the author at creation, then each editor. */
const RevisionMade = {
  revision: Type.Integer({ minimum: 1 }),
  editor_id: Nullable(Type.String()),
  editor_name: Type.String(),
  created_at: Type.String({ description: 'ISO 8601' }),
}

export const PostRevision = Type.Object({
  ...RevisionMade,
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  tags: Type.Array(Type.String()),
  visibility: Type.String(),
})
export type PostRevision = Static<typeof PostRevision>

/** Every revision of a post, oldest first; the last is the current text. */
export const PostRevisionsResponse = Type.Object({ items: Type.Array(PostRevision) })
export type PostRevisionsResponse = Static<typeof PostRevisionsResponse>

export const CommentRevision = Type.Object({ ...RevisionMade, content: Type.String() })
export type CommentRevision = Static<typeof CommentRevision>

/** Every revision of a comment, oldest first; the last is the current text. */
export const CommentRevisionsResponse = Type.Object({ items: Type.Array(CommentRevision) })
export type CommentRevisionsResponse = Static<typeof CommentRevisionsResponse>

/** 409: the post changed since `base_revision`; `current` is what it says now. */
export const PostEditConflict = Type.Object({ ...ErrorResponse.properties, current: PostDetailResponse })
export type PostEditConflict = Static<typeof PostEditConflict>

/** 409: the comment changed since `base_revision`; `current` is what it says now. */
export const CommentEditConflict = Type.Object({ ...ErrorResponse.properties, current: CommentView })
export type CommentEditConflict = Static<typeof CommentEditConflict>
