import type { PostCursor, PostDetailResponse, PostListItem, SearchSnippet } from '@agora/contract'
import { moderationState } from '../../db/moderation-state'
import type { PostFileRow } from '../../db/schema'
import { toMediaItem } from '../files/index'
import { editState } from '../revisions/index'
import type { PostDetailRow, PostSummaryRow } from './posts.store'

/** Markdown reduced to its words, for a card preview. */
function plainPreview(markdown: string, length = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text
}

export function toPostListItem(
  row: PostSummaryRow,
  files: PostFileRow[],
  reviews: { review_count: number; rating_mean: number | null },
): PostListItem {
  const media = files.map(toMediaItem)
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    summary: row.summary,
    preview: row.summary || plainPreview(row.content_head),
    ...(row.tldr ? { tldr: row.tldr } : {}),
    user_id: row.user_id,
    user_name: row.username,
    author: row.username,
    author_display_name: row.nickname || row.username,
    user_avatar: row.avatar,
    avatar: row.avatar,
    created_at: row.created_at.toISOString(),
    media_type: row.media_type,
    file_paths: media.map((item) => item.url),
    media,
    tags: row.tags,
    likes: row.likes_count,
    comments: row.comments_count,
    visibility: row.visibility,
    ...(row.matched_comment_id ? { matched_comment_id: row.matched_comment_id } : {}),
    review_count: reviews.review_count,
    rating_mean: reviews.rating_mean,
  }
}

/** A card with where the search matched it, when it says (search.snippets.ts). */
export function withSnippet(item: PostListItem, snippet: SearchSnippet | undefined): PostListItem {
  return snippet ? { ...item, snippet } : item
}

/** The detail's fields of the version shown are features/versions' (posts.service `detail` adds them). */
type VersionFields = 'version' | 'version_count' | 'visible_versions' | 'version_changelog' | 'manifest_cid'

export function toPostDetail(
  row: PostDetailRow,
  files: PostFileRow[],
  isLiked: boolean,
): Omit<PostDetailResponse, VersionFields> {
  const media = files.map(toMediaItem)
  const createdAt = row.created_at.toISOString()
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    author_id: row.user_id,
    author_name: row.username,
    author_avatar: row.avatar,
    user_id: row.user_id,
    user_name: row.username,
    user_avatar: row.avatar,
    author: row.username,
    Summary: row.summary,
    summary: row.summary,
    content: row.content,
    timestamp: createdAt,
    created_at: createdAt,
    likes: row.likes_count,
    comments: row.comments_count,
    tags: row.tags,
    media,
    file_paths: media.map((item) => item.url),
    media_type: row.media_type,
    visibility: row.visibility,
    ai_analysis: row.ai_analysis,
    license: row.license,
    doi: row.doi,
    author_orcid: row.orcid,
    author_display_name: row.nickname || row.username,
    ...editState(row),
    is_liked: isLiked,
    // Only its author (and moderators, through the queue) can open a moderated post.
    ...(row.moderation ? { moderation: moderationState(row, true) } : {}),
  }
}

export function cursorOf(row: PostSummaryRow): PostCursor {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    likes: row.likes_count,
    hot: row.hot_score,
    ...(row.rank !== null ? { rank: row.rank } : {}),
    ...(row.rating != null ? { rating: row.rating } : {}),
  }
}
