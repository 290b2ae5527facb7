import type { CommentView } from '@agora/contract'

/**
 * For tests: a top-level comment as the API returns it (not liked, no replies, never edited, on the
 * post's first version); `fields` set what a test is about.
 */
export function sampleComment(fields: Partial<CommentView> = {}): CommentView {
  return {
    _id: 'c1',
    postId: 'p',
    userId: 'u1',
    username: 'u1',
    display_name: 'u1',
    avatar: '',
    content: 'text',
    createdAt: '2026-01-01T00:00:00.000Z',
    likes: 0,
    is_liked: false,
    level: 1,
    parentId: null,
    rootId: null,
    replyCount: 0,
    revision: 1,
    edited_at: null,
    post_version: 1,
    ...fields,
  }
}
