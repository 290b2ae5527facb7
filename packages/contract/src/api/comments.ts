import {
  CommentIdParams,
  CommentView,
  CreateCommentRequest,
  CreateCommentResponse,
  DeleteCommentResponse,
  LikeCommentRequest,
  LikeCommentResponse,
  PostCommentsParams,
  PostCommentsQuery,
  PostCommentsResponse,
} from '../comments'
import type { Endpoint } from '../endpoint'
import { CommentEditConflict, CommentEditRequest, CommentRevisionsResponse } from '../revisions'

const tags = ['comments']

/** Comments: a post's threads and their live stream, writing, liking, editing and deleting one. */
export const COMMENTS_API = {
  'GET /comments/post/:id': {
    tags,
    summary: "A page of a post's comment threads",
    description:
      'With `anchor_cid`, only the threads whose top-level comment points into that file (a CID of ' +
      "any of the post's versions), paged and ordered the same way; each such comment's `anchor` says " +
      'which version holds the file (`version`) and whether it is a current one (`current`).',
    params: PostCommentsParams,
    query: PostCommentsQuery,
    answer: PostCommentsResponse,
    errors: [400, 404, 410],
  },
  'GET /comments/post/:id/stream': {
    tags,
    summary: 'New comments on a post as they are written (server-sent events: comment)',
    params: PostCommentsParams,
    answer: {
      bytes: ['text/event-stream'],
      description: 'Each `comment` event carries {_id, postId, parentId}.',
    },
    errors: [404, 429],
  },
  'POST /comments/create': {
    tags,
    summary: 'Comment on a post, or reply to a comment',
    description:
      'The server decides `level` and `rootId` from `parentId`: no parent → 1; a reply to a ' +
      'level-1 comment → 2; a reply to level 2 or 3 → 3, in the same thread. A top-level comment ' +
      "may carry an `anchor` into one of the post's files (any version's): a PDF passage (`text`) " +
      'or a moment of a video or audio file (`time`); 400 with a sentence when the file cannot hold it.',
    body: CreateCommentRequest,
    status: 201,
    answer: CreateCommentResponse,
    errors: [400, 401, 404, 429],
  },
  'POST /comments/:id/like': {
    tags,
    summary: 'Like or unlike a comment',
    description:
      'Toggles. With `action: like` or `action: unlike` in the body the call is idempotent ' +
      'instead: it leaves the like in the asked state and answers that state.',
    params: CommentIdParams,
    body: LikeCommentRequest,
    bodyOptional: true,
    answer: LikeCommentResponse,
    errors: [401, 404, 429],
  },
  'PATCH /comments/:id': {
    tags,
    summary: 'Edit the text of a comment of yours',
    description:
      'Send `base_revision`, the revision the edit started from: when the comment has moved on since, the answer is 409 with `current`. Each edit keeps the text it replaced as a revision; the same text makes none.',
    params: CommentIdParams,
    body: CommentEditRequest,
    answer: CommentView,
    errors: [400, 401, 403, 404, 429],
    refusals: { 409: CommentEditConflict },
  },
  'GET /comments/:id/revisions': {
    tags,
    summary: "A comment's edit history, oldest first, the current revision last",
    params: CommentIdParams,
    answer: CommentRevisionsResponse,
    errors: [404, 410],
  },
  'DELETE /comments/:id': {
    tags,
    summary: 'Delete a comment of yours; its replies stay',
    description:
      'A comment without replies goes. One with replies stays in its place as a placeholder ' +
      "(`deleted: true`, no author, text or likes) so the replies, often other people's, keep theirs; " +
      'the placeholder goes when its last reply does. The post counts the comments that are there.',
    params: CommentIdParams,
    answer: DeleteCommentResponse,
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Endpoint>
