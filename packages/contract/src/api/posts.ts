import type { Endpoint } from '../endpoint'
import {
  PostDeleteResponse,
  PostDetailQuery,
  PostDetailResponse,
  PostIdParams,
  PostLikeRequest,
  PostLikeResponse,
  PostListQuery,
  PostListResponse,
  PostPageQuery,
  PostPageResponse,
  PostUnavailableResponse,
  PostUploadResponse,
} from '../posts'
import { PostEditConflict, PostEditRequest, PostRevisionsResponse } from '../revisions'

const tags = ['posts']

/** Posts: the upload, the forum's lists, one post, its likes, edits and deletion. */
export const POSTS_API = {
  'POST /media/upload': {
    tags,
    summary: 'Create a post from 1–5 files (≤ 50 MB each) and its text fields',
    description:
      'multipart/form-data: files under `file` or `files`; fields title (required), summary or description, content, tags (comma separated), media_type, ai_instruction, visibility.',
    bodyAs: 'multipart',
    status: 201,
    answer: PostUploadResponse,
    errors: [400, 401, 413, 415, 429],
  },
  'GET /media/list': {
    tags,
    summary: 'The forum: a page of posts, searched, filtered and sorted, with a keyset cursor',
    query: PostListQuery,
    answer: PostListResponse,
    errors: [400, 401],
  },
  'GET /media/user/:id/posts': {
    tags,
    summary: "An author's posts, by skip/limit",
    params: PostIdParams,
    query: PostPageQuery,
    answer: PostPageResponse,
    errors: [400, 403, 404],
  },
  'GET /media/user/:id/liked': {
    tags,
    summary: 'The posts a user liked, by skip/limit',
    params: PostIdParams,
    query: PostPageQuery,
    answer: PostPageResponse,
    errors: [400, 404],
  },
  'GET /media/:id': {
    tags,
    summary: 'One post with its media, analysis and whether the viewer likes it',
    description:
      '`version=N` shows the files of version N (404 when the post has no such version). A post the moderators hid answers 404 `post_hidden` and one they removed 410 `post_removed`, with the public reason; one its author deleted answers 410 `post_deleted`; any other post the viewer may not see is 404 `post_not_found`.',
    params: PostIdParams,
    query: PostDetailQuery,
    answer: PostDetailResponse,
    errors: [],
    refusals: { 404: PostUnavailableResponse, 410: PostUnavailableResponse },
  },
  'POST /media/:id/like': {
    tags,
    summary: 'Like or unlike a post (toggles; `action` sets)',
    params: PostIdParams,
    body: PostLikeRequest,
    bodyOptional: true,
    answer: PostLikeResponse,
    errors: [401, 404, 429],
  },
  'PATCH /media/:id': {
    tags,
    summary: "Edit one's own post: title, summary, content, tags, visibility (a field left out stays)",
    description:
      'Send `base_revision`, the revision the edit started from: when the post has moved on since, the answer is 409 with `current`, the post as it is now. Each edit keeps the values it replaced as a revision; an edit that changes nothing makes none.',
    params: PostIdParams,
    body: PostEditRequest,
    answer: PostDetailResponse,
    errors: [400, 401, 403, 404, 429],
    refusals: { 409: PostEditConflict },
  },
  'GET /media/:id/revisions': {
    tags,
    summary: "A post's edit history, oldest first, the current revision last",
    params: PostIdParams,
    answer: PostRevisionsResponse,
    errors: [404, 410],
  },
  'DELETE /media/:id/delete': {
    tags,
    summary: "Delete one's own post with its likes and comments",
    params: PostIdParams,
    answer: PostDeleteResponse,
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Endpoint>
