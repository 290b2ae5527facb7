import Type, { type Static } from 'typebox'
import {
  EditState,
  IdParams,
  LikeRequest,
  LikeResponse,
  LiteralUnion,
  Nullable,
  SuccessResponse,
} from './common'
import { COMMENT_CONTENT_MAX, COMMENT_LEVEL_MAX, COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE } from './limits'
import { ModerationState } from './moderation'
import { RewardNotice } from './rewards'

/** Where a comment stands in its thread; the same in every view of a comment. */
const ThreadPlace = Type.Object({
  parentId: Nullable(Type.String()),
  rootId: Nullable(Type.String()),
  /** Number of direct replies. */
  replyCount: Type.Integer(),
})

/** Most characters of an anchor's quoted passage (`exact`), and of its `prefix` and `suffix` each. */
export const ANCHOR_EXACT_MAX = 1000
export const ANCHOR_CONTEXT_MAX = 200

/**
 * Where a comment points inside one of the post's files, by the file's CID, which never
 * changes. `kind: 'text'`: a passage of a PDF: `page` (1-based) and `exact` (the quoted passage,
 * 1–ANCHOR_EXACT_MAX characters), with optional `prefix`/`suffix` (the text just before and after it,
 * W3C TextQuoteSelector) and `start`/`end` (character offsets of the quote in that page's text, a
 * position hint). `kind: 'time'`: a moment of a video or an audio file: `start` seconds, optional `end`.
 */
export const CommentAnchorInput = Type.Object({
  cid: Type.String({ minLength: 1, maxLength: 200 }),
  kind: LiteralUnion('text', 'time'),
  page: Type.Optional(Type.Integer()),
  exact: Type.Optional(Type.String({ maxLength: ANCHOR_EXACT_MAX * 4 })),
  prefix: Type.Optional(Type.String({ maxLength: ANCHOR_CONTEXT_MAX * 4 })),
  suffix: Type.Optional(Type.String({ maxLength: ANCHOR_CONTEXT_MAX * 4 })),
  start: Type.Optional(Type.Number()),
  end: Type.Optional(Type.Number()),
})
export type CommentAnchorInput = Static<typeof CommentAnchorInput>

/** An anchor as comments show it: what was written, and which version of the post holds the file. */
export const CommentAnchor = Type.Object({
  ...CommentAnchorInput.properties,
  /**
   * Read-only: the newest version of the post the reader may open whose files include `cid` (the
   * current version when the file is still current). Absent when no such version holds it: the file
   * left the post, or only versions the reader may not open hold it.
   */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Read-only: whether `cid` is one of the current version's files. */
  current: Type.Boolean(),
})
export type CommentAnchor = Static<typeof CommentAnchor>

/** What every view of a comment says of it: where it is, its text, its likes and its place in the thread. */
const CommentCore = Type.Object({
  _id: Type.String(),
  postId: Type.String(),
  /** Markdown; render it without raw HTML and sanitised. */
  content: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  likes: Type.Integer(),
  level: Type.Integer({ minimum: 1, maximum: COMMENT_LEVEL_MAX }),
  ...ThreadPlace.properties,
})

/** §3 Comment. `parentId` and `rootId` are null on a top-level comment; `rootId` is always the top-level one. */
export const CommentView = Type.Object({
  ...CommentCore.properties,
  userId: Type.String(),
  username: Type.String(),
  /** The author's display name: their nickname, else their username. */
  display_name: Type.String(),
  avatar: Type.String(),
  /** Whether the signed-in viewer likes it; false for anonymous visitors. */
  is_liked: Type.Boolean(),
  ...EditState.properties,
  /**
   * The version of the post's files the comment was written on (1 for a post never versioned); null
   * when it is one the reader may not open (see the post's `visible_versions`): an earlier one.
   */
  post_version: Nullable(Type.Integer({ minimum: 1 })),
  /**
   * Present when moderators hid or removed the comment. Its place in the thread stays, so replies
   * keep theirs: others get it with `content` '' and no reason ("[hidden by a moderator]",
   * "[removed by a moderator]"); its author gets the reason, and the text while it is only hidden.
   */
  moderation: Type.Optional(ModerationState),
  /** Where in one of the post's files the comment points (top-level comments only); absent: nowhere. */
  anchor: Type.Optional(CommentAnchor),
  /**
   * Present (true) when its author deleted it while it had replies: a placeholder ("[deleted]")
   * that keeps its place so the replies keep theirs, with no author (`userId`, `username`,
   * `display_name`, `avatar` empty), no `content` and no likes. It cannot be liked, replied to,
   * edited or reported, and has no revisions; it goes when its last reply does.
   */
  deleted: Type.Optional(Type.Literal(true)),
})
export type CommentView = Static<typeof CommentView>

export const CommentIdParams = IdParams
export type CommentIdParams = Static<typeof CommentIdParams>

export const PostCommentsParams = IdParams
export type PostCommentsParams = Static<typeof PostCommentsParams>

export const PostCommentsQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMENTS_PAGE_MAX, default: COMMENTS_PAGE_SIZE })),
  /** Only the threads whose top-level comment is anchored to this file (a CID of the post's files). */
  anchor_cid: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
})
export type PostCommentsQuery = Static<typeof PostCommentsQuery>

export const PostCommentsResponse = Type.Array(CommentView, {
  description:
    'One page of threads, flat. `skip` and `limit` count top-level comments (newest first); each ' +
    'top-level comment is followed by all of its replies in display order: level-2 replies newest ' +
    'first, each followed by its level-3 descendants oldest first. A page holding fewer than ' +
    '`limit` top-level comments is the last one.',
})
export type PostCommentsResponse = Static<typeof PostCommentsResponse>

export const CreateCommentRequest = Type.Object({
  postId: Type.String({ minLength: 1, maxLength: 100 }),
  /** Trimmed by the server; 1 to COMMENT_CONTENT_MAX characters after trimming. */
  content: Type.String({ maxLength: COMMENT_CONTENT_MAX * 4 }),
  /** Accepted for compatibility with the first client, which always sends it empty; not stored. */
  imageUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  /** The comment replied to. The server derives `level` and `rootId` from it. */
  parentId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** Accepted and ignored: the server, not the client, decides the thread root. */
  rootId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** A place in one of the post's files (or an earlier version's) the comment is about; top-level comments only. */
  anchor: Type.Optional(Nullable(CommentAnchorInput)),
})
export type CreateCommentRequest = Static<typeof CreateCommentRequest>

/** The created comment, and what writing it earned its author (null: nothing). */
export const CreateCommentResponse = Type.Object({
  ...CommentView.properties,
  reward: Type.Optional(RewardNotice),
})
export type CreateCommentResponse = Static<typeof CreateCommentResponse>

/** The like of a comment: the same call as a post's (common.ts). */
export const LikeCommentRequest = LikeRequest
export type LikeCommentRequest = LikeRequest
export const LikeCommentResponse = LikeResponse
export type LikeCommentResponse = LikeResponse

export const DeleteCommentResponse = Type.Object({
  ...SuccessResponse.properties,
  /** How many comments went: 1, the comment itself (its replies stay). */
  deleted: Type.Integer(),
  /** True when it had replies: it stays as a placeholder (CommentView `deleted`) above them. */
  placeholder: Type.Optional(Type.Boolean()),
})
export type DeleteCommentResponse = Static<typeof DeleteCommentResponse>

/** One entry of a user's own comment list (profile pages): the comment and the post it is on. */
export const UserCommentView = Type.Object({
  /** The title of the post it is on. */
  postTitle: Type.String(),
  ...CommentCore.properties,
})
export type UserCommentView = Static<typeof UserCommentView>
