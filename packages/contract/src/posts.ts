import Type, { type Static } from 'typebox'
import {
  EditState,
  ErrorResponse,
  LikeRequest,
  LikeResponse,
  LiteralUnion,
  Nullable,
  SuccessResponse,
} from './common'
import { BothIds, Timestamp } from './fields'
import {
  MEDIA_TYPES,
  POST_AI_INSTRUCTION_MAX,
  POST_CONTENT_MAX,
  POST_SEARCH_MAX_LENGTH,
  POST_SUMMARY_MAX,
  POST_TITLE_MAX,
} from './limits'
import { ModerationState } from './moderation'
import { RewardNotice } from './rewards'

/** `rating_desc`: highest mean rating of its reviews first, ties newest first, unreviewed posts last. */
export const POST_SORTS = [
  'hot_desc',
  'hot_asc',
  'recent_desc',
  'recent_asc',
  'time_desc',
  'rating_desc',
] as const
export type PostSort = (typeof POST_SORTS)[number]

// ---- Shapes ----

/** How a file is shown: derived from its sniffed type (the spec's extension table, plus audio). */
export const MediaKind = LiteralUnion(...MEDIA_TYPES, 'other')
export type MediaKind = Static<typeof MediaKind>

export const Visibility = LiteralUnion('public', 'private')
export type Visibility = Static<typeof Visibility>

/** A file as stored under its content id; `url` is `/api/v1/files/{cid}`. */
const StoredFile = Type.Object({
  url: Type.String(),
  cid: Type.String(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
})

/**
 * Where a file's pin on the IPFS network stands: queued (waiting here or at the pinning
 * service), pinning (the service is fetching it), pinned, or failed (tries used up).
 */
export const PinStatus = LiteralUnion('queued', 'pinning', 'pinned', 'failed')
export type PinStatus = Static<typeof PinStatus>

/** One file of a post. */
export const MediaItem = Type.Object({
  ...StoredFile.properties,
  kind: MediaKind,
  /** A document's first page as a small picture, once its post's analysis has drawn it. */
  thumbnail: Type.Optional(Type.String()),
  /** Its pin on the IPFS network; only when the server pins public files and this one was queued. */
  pin_status: Type.Optional(PinStatus),
})
export type MediaItem = Static<typeof MediaItem>

export const SNIPPET_FIELDS = ['title', 'summary', 'content', 'comment'] as const
export type SnippetField = (typeof SNIPPET_FIELDS)[number]

/**
 * Where a search matched a post: a piece of the title, summary, content or a comment,
 * plain text, with the matched words at `highlights` — [start, end) offsets in UTF-16 code units
 * (JavaScript string indices), in order, not overlapping. Show them as marks; never as HTML.
 */
export const SearchSnippet = Type.Object({
  field: LiteralUnion(...SNIPPET_FIELDS),
  text: Type.String(),
  highlights: Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2 })),
  /** The comment it comes from (field `comment`). */
  comment_id: Type.Optional(Type.String()),
})
export type SearchSnippet = Static<typeof SearchSnippet>

/** What a post's card in a list and its detail page both say of it. */
const PostBasics = Type.Object({
  ...BothIds.properties,
  title: Type.String(),
  summary: Type.String(),
  user_id: Type.String(),
  user_name: Type.String(),
  user_avatar: Type.String(),
  author: Type.String(),
  /** The author's display name: their nickname, else their username. */
  author_display_name: Type.String(),
  created_at: Timestamp,
  media_type: Type.String(),
  /** File URLs; the first is the cover. */
  file_paths: Type.Array(Type.String()),
  media: Type.Array(MediaItem),
  tags: Type.Array(Type.String()),
  likes: Type.Integer(),
  comments: Type.Integer(),
  visibility: Visibility,
})

/** The spec's "Post in a list", with both spellings of each field it names. */
export const PostListItem = Type.Object({
  ...PostBasics.properties,
  /** The summary, or the start of the content when there is no summary. */
  preview: Type.String(),
  /**
   * The analysis's one-sentence TLDR, when it has one: a card shows it where the preview
   * would be cut off.
   */
  tldr: Type.Optional(Type.String()),
  avatar: Type.String(),
  /** Set when the post was found through one of its comments: the card links to that comment. */
  matched_comment_id: Type.Optional(Type.String()),
  /**
   * With a search: where it matched. Absent when the words matched only the post's tags or its
   * author's name, which the card shows anyway.
   */
  snippet: Type.Optional(SearchSnippet),
  /** Its reviews that are not withdrawn. */
  review_count: Type.Integer({ minimum: 0 }),
  /** The mean over those reviews of each one's average of the five ratings; null with none. */
  rating_mean: Nullable(Type.Number({ minimum: 1, maximum: 5 })),
})
export type PostListItem = Static<typeof PostListItem>

/**
 * Where the next page starts. `id`, `created_at` and `likes` are the spec's; `hot` and `rank`
 * make hot and relevance pages exact. Send it back whole as `cursor` (JSON).
 */
export const PostCursor = Type.Object({
  id: Type.String(),
  created_at: Timestamp,
  likes: Type.Integer(),
  hot: Type.Optional(Type.Number()),
  rank: Type.Optional(Type.Number()),
  /** The post's mean rating, for the `rating_desc` order (absent: unreviewed). */
  rating: Type.Optional(Type.Number()),
})
export type PostCursor = Static<typeof PostCursor>

export const PostListResponse = Type.Object({
  items: Type.Array(PostListItem),
  has_next: Type.Boolean(),
  next_cursor: Nullable(PostCursor),
})
export type PostListResponse = Static<typeof PostListResponse>

/** What both post listings take: how many, in which order, of which media type. */
const PostListing = Type.Object({
  /** Default 12; anything above 50 is served as 50. */
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  sort_by: Type.Optional(Type.String({ maxLength: 40 })),
  media_type: Type.Optional(Type.String({ maxLength: 40 })),
})

export const PostListQuery = Type.Object({
  ...PostListing.properties,
  search: Type.Optional(Type.String({ maxLength: POST_SEARCH_MAX_LENGTH })),
  /** The previous answer's `next_cursor`, as JSON. */
  cursor: Type.Optional(Type.String({ maxLength: 1000 })),
  last_id: Type.Optional(Type.String({ maxLength: 100 })),
  last_created_at: Type.Optional(Type.String({ maxLength: 100 })),
  last_likes: Type.Optional(Type.Integer({ minimum: 0 })),
  /** `following`: only posts by authors or with tags the viewer follows (signed in only; 401 otherwise). */
  feed: Type.Optional(LiteralUnion('following')),
  /** Only posts carrying exactly this tag (a tag's page). */
  tag: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only posts by this author: a user id. */
  author: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only posts by the author of this username (any case). */
  author_username: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only posts created on or after this day (YYYY-MM-DD, UTC). */
  from: Type.Optional(Type.String({ maxLength: 40 })),
  /** Only posts created on or before this day (YYYY-MM-DD, UTC; the whole day counts). */
  to: Type.Optional(Type.String({ maxLength: 40 })),
  /** `true`: only posts with at least one review that is not withdrawn. */
  reviewed: Type.Optional(LiteralUnion('true', 'false')),
})
export type PostListQuery = Static<typeof PostListQuery>

/** Paging of the author-profile lists (spec: skip/limit/sort_by; the answer is a bare array). */
export const PostPageQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  ...PostListing.properties,
})
export type PostPageQuery = Static<typeof PostPageQuery>

export const PostPageResponse = Type.Array(PostListItem)
export type PostPageResponse = Static<typeof PostPageResponse>

/** The spec's "Post detail response", keeping both spellings where the spec and the list differ. */
export const PostDetailResponse = Type.Object({
  ...PostBasics.properties,
  author_id: Type.String(),
  author_name: Type.String(),
  author_avatar: Type.String(),
  Summary: Type.String(),
  content: Type.String(),
  timestamp: Type.String(),
  /** JSON text holding the analysis (summary, tags…); '{}' until it exists. */
  ai_analysis: Type.String(),
  /** The post's licence: an SPDX id or all-rights-reserved. */
  license: Type.String(),
  /** Its DOI ('10.1234/abc'), or ''. */
  doi: Type.String(),
  /** The author's ORCID iD, or ''. */
  author_orcid: Type.String(),
  is_liked: Type.Boolean(),
  /** Whether the signed-in viewer saved (bookmarked) the post; absent for anonymous readers. */
  is_saved: Type.Optional(Type.Boolean()),
  ...EditState.properties,
  // Versions of the files (versions.ts): `media` are the files of version `version`.
  /** The version shown (`?version=N`, else the current one, which is the last). */
  version: Type.Integer({ minimum: 1 }),
  /**
   * How many versions the post has: the current one's number, and so the highest version anyone who
   * sees the post may open. Versions keep their numbers for everyone; see `visible_versions`.
   */
  version_count: Type.Integer({ minimum: 1 }),
  /**
   * The versions this reader may open, oldest first; the last is the current one. Others see no
   * earlier version made while the post was private unless its author shared them
   * (`share_private_history`), so the numbers may skip.
   */
  visible_versions: Type.Array(Type.Integer({ minimum: 1 })),
  /** What changed in the version shown, in one line; '' for the first version. */
  version_changelog: Type.String(),
  /** The CID `ipfs add -r --cid-version 1` gives a directory of the shown version's files (null when a file's bytes are missing). */
  manifest_cid: Nullable(Type.String()),
  /** Present when moderators hid or removed the post (its author and moderators see it then). */
  moderation: Type.Optional(ModerationState),
})
export type PostDetailResponse = Static<typeof PostDetailResponse>

/** GET /media/{id}: `version` shows that version's files (404 when there is no such version). */
export const PostDetailQuery = Type.Object({ version: Type.Optional(Type.Integer()) })
export type PostDetailQuery = Static<typeof PostDetailQuery>

export const PostIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })
export type PostIdParams = Static<typeof PostIdParams>

/** The like of a post: the same call as a comment's (common.ts). */
export const PostLikeRequest = LikeRequest
export type PostLikeRequest = LikeRequest
export const PostLikeResponse = LikeResponse
export type PostLikeResponse = LikeResponse

export const PostDeleteResponse = SuccessResponse
export type PostDeleteResponse = Static<typeof PostDeleteResponse>

/**
 * POST /media/upload is multipart: files under `file` or `files` (1–5, ≤ 50 MB each) and the text
 * fields below. Documented here; the server reads the parts as they stream.
 */
export const PostUploadFields = Type.Object({
  title: Type.String({ minLength: 1, maxLength: POST_TITLE_MAX }),
  summary: Type.Optional(Type.String({ maxLength: POST_SUMMARY_MAX })),
  description: Type.Optional(Type.String({ maxLength: POST_SUMMARY_MAX })),
  content: Type.Optional(Type.String({ maxLength: POST_CONTENT_MAX })),
  tags: Type.Optional(Type.String({ description: 'comma separated' })),
  media_type: Type.Optional(Type.String()),
  ai_instruction: Type.Optional(Type.String({ maxLength: POST_AI_INSTRUCTION_MAX })),
  visibility: Type.Optional(Visibility),
  /** An SPDX licence id (POST_LICENSES); CC-BY-4.0 when not given. */
  license: Type.Optional(Type.String({ maxLength: 40 })),
  /** An optional DOI ('10.1234/abc', `doi:…` or a doi.org link). */
  doi: Type.Optional(Type.String({ maxLength: 300 })),
})
export type PostUploadFields = Static<typeof PostUploadFields>

export const PostUploadResponse = Type.Object({
  post_id: Type.String(),
  ...SuccessResponse.properties,
  post: PostDetailResponse,
  /** What publishing earned the author (null: nothing, e.g. the daily cap or a new account). */
  reward: Type.Optional(RewardNotice),
})
export type PostUploadResponse = Static<typeof PostUploadResponse>

/** POST /media/upload/ipfs: one file stored on its own (kept, like an IPFS pin). */
export const IpfsUploadResponse = StoredFile
export type IpfsUploadResponse = Static<typeof IpfsUploadResponse>

export { POST_UNAVAILABLE, type PostUnavailableCode } from './codes'

/** The 404 or 410 of a post that cannot be shown; `reason` is the public moderation log's, when it gives one. */
export const PostUnavailableResponse = Type.Object({
  ...ErrorResponse.properties,
  reason: Type.Optional(Type.String()),
})
export type PostUnavailableResponse = Static<typeof PostUnavailableResponse>
