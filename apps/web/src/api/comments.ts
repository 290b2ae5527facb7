/**
 * Comment calls (product-spec §7 "Comments"). Screens use the hooks in features/comments, not these.
 *
 *   const page = await listComments(postId, { skip: 0 }, signal)
 *   const created = await createComment({ postId, content, parentId })
 */
import type {
  CommentAnchorInput,
  CommentEditConflict,
  CommentRevisionsResponse,
  CommentView,
  CreateCommentResponse,
  DeleteCommentResponse,
  LikeCommentResponse,
  PostCommentsResponse,
} from '@agora/contract'
import { COMMENT_CONTENT_MAX, COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE } from '@agora/contract/limits'
import { call, isEditConflict } from './client'

export { COMMENT_CONTENT_MAX, COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE }

export interface CommentsPageParams {
  /** How many top-level comments to pass over. */
  skip: number
  limit?: number
  /** Only the threads anchored to this file of the post (a CID). */
  anchorCid?: string
}

/**
 * GET /comments/post/{id}: top-level comments newest first, each followed by all of its replies in
 * display order. `skip` and `limit` count top-level comments only.
 */
export function listComments(
  postId: string,
  { skip, limit = COMMENTS_PAGE_SIZE, anchorCid }: CommentsPageParams,
  signal?: AbortSignal,
): Promise<PostCommentsResponse> {
  return call('GET /comments/post/:id', {
    params: { id: postId },
    signal,
    query: anchorCid ? { skip, limit, anchor_cid: anchorCid } : { skip, limit },
  })
}

export interface NewComment {
  postId: string
  content: string
  /** The comment replied to; the server places the reply (level, thread) from it. */
  parentId?: string | null
  rootId?: string | null
  /** Where in one of the post's files the comment points (top-level comments only). */
  anchor?: CommentAnchorInput | null
}

/** POST /comments/create (JSON, as the spec has it). 401 without a session. */
export function createComment(input: NewComment): Promise<CreateCommentResponse> {
  return call('POST /comments/create', {
    json: {
      postId: input.postId,
      content: input.content,
      imageUrl: '',
      parentId: input.parentId ?? null,
      rootId: input.rootId ?? null,
      ...(input.anchor ? { anchor: input.anchor } : {}),
    },
  })
}

/** POST /comments/{id}/like with the wanted state, so a repeated call cannot flip it back. */
export function setCommentLike(id: string, like: boolean): Promise<LikeCommentResponse> {
  return call('POST /comments/:id/like', {
    params: { id },
    json: { action: like ? 'like' : 'unlike' },
  })
}

/** DELETE /comments/{id} (owner only); the answer says how many comments went with it. */
export function deleteComment(id: string): Promise<DeleteCommentResponse> {
  return call('DELETE /comments/:id', { params: { id } })
}

/** PATCH /comments/{id} (its author only): the comment after the edit; 409 when it changed since `baseRevision`. */
export function editComment(id: string, content: string, baseRevision: number): Promise<CommentView> {
  return call('PATCH /comments/:id', {
    params: { id },
    json: { content, base_revision: baseRevision },
  })
}

/** The comment as it is now, when an edit failed because it changed meanwhile (409). */
export function commentConflictOf(error: unknown): CommentView | null {
  return isEditConflict(error) ? (error.body as CommentEditConflict).current : null
}

/** GET /comments/{id}/revisions: every revision, oldest first, the current one last. */
export function getCommentRevisions(id: string, signal?: AbortSignal): Promise<CommentRevisionsResponse> {
  return call('GET /comments/:id/revisions', { params: { id }, signal })
}
