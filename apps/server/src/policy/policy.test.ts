// The policy's specification: who may do what with a post or a comment in each of its states, as
// one table. The API tests check that the routes ask the policy; this table is what it answers.
import { describe, expect, it } from 'vitest'
import {
  authorize,
  type CommentAction,
  can,
  canWithReview,
  type PostAction,
  type ReviewAction,
  type Viewer,
} from './index'

const AUTHOR = 'author'
const VIEWERS: Record<string, Viewer> = {
  visitor: null,
  other: { userId: 'other', moderator: false },
  moderator: { userId: 'mod', moderator: true },
  author: { userId: AUTHOR, moderator: false },
}
type Who = 'visitor' | 'other' | 'moderator' | 'author'
const ALL: Who[] = ['visitor', 'other', 'moderator', 'author']
const AUTHOR_ONLY: Who[] = ['author']

const POSTS = {
  public: { user_id: AUTHOR, visibility: 'public', moderation: null },
  private: { user_id: AUTHOR, visibility: 'private', moderation: null },
  hidden: { user_id: AUTHOR, visibility: 'public', moderation: 'hidden' },
  removed: { user_id: AUTHOR, visibility: 'public', moderation: 'removed' },
}
type PostState = keyof typeof POSTS

/** For each action and state of the post, who may. */
const POST_RULES: Record<PostAction, Record<PostState, Who[]>> = {
  'post.read': { public: ALL, private: AUTHOR_ONLY, hidden: AUTHOR_ONLY, removed: AUTHOR_ONLY },
  'post.read_history': {
    public: ALL,
    private: AUTHOR_ONLY,
    hidden: ['moderator', 'author'],
    removed: ['moderator', 'author'],
  },
  'post.edit': { public: AUTHOR_ONLY, private: AUTHOR_ONLY, hidden: AUTHOR_ONLY, removed: AUTHOR_ONLY },
  'post.delete': { public: AUTHOR_ONLY, private: AUTHOR_ONLY, hidden: AUTHOR_ONLY, removed: AUTHOR_ONLY },
  'post.rerun_analysis': {
    public: AUTHOR_ONLY,
    private: AUTHOR_ONLY,
    hidden: AUTHOR_ONLY,
    removed: AUTHOR_ONLY,
  },
  'post.add_version': {
    public: AUTHOR_ONLY,
    private: AUTHOR_ONLY,
    hidden: AUTHOR_ONLY,
    removed: AUTHOR_ONLY,
  },
  // Someone else's work that everyone may read: never one's own, never a visitor.
  'post.review': { public: ['other', 'moderator'], private: [], hidden: [], removed: [] },
}

const COMMENTS = {
  shown: { user_id: AUTHOR, moderation: null },
  hidden: { user_id: AUTHOR, moderation: 'hidden' },
  removed: { user_id: AUTHOR, moderation: 'removed' },
}
type CommentState = keyof typeof COMMENTS

const COMMENT_RULES: Record<CommentAction, Record<CommentState, Who[]>> = {
  'comment.read_text': { shown: ALL, hidden: ['moderator', 'author'], removed: ['moderator'] },
  'comment.edit': { shown: AUTHOR_ONLY, hidden: AUTHOR_ONLY, removed: AUTHOR_ONLY },
  'comment.delete': { shown: AUTHOR_ONLY, hidden: AUTHOR_ONLY, removed: AUTHOR_ONLY },
}

const cases = <A extends string, S extends string>(rules: Record<A, Record<S, Who[]>>) =>
  Object.entries<Record<S, Who[]>>(rules).flatMap(([action, states]) =>
    Object.entries<Who[]>(states).flatMap(([state, allowed]) =>
      ALL.map((who) => ({ action: action as A, state: state as S, who, allowed: allowed.includes(who) })),
    ),
  )

// A review by 'other' of a post by 'author'.
const REVIEW = { reviewer_id: 'other', post_author_id: AUTHOR }
const REVIEW_RULES: Record<ReviewAction, Who[]> = {
  'review.edit': ['other'],
  'review.withdraw': ['other'],
  'review.respond': ['author'],
  'review.mark_helpful': ['moderator', 'author'],
}

describe('the policy', () => {
  it.each(
    Object.entries(REVIEW_RULES).flatMap(([action, allowed]) =>
      ALL.map((who) => ({ action: action as ReviewAction, who, allowed: allowed.includes(who) })),
    ),
  )('$action of a review by $who: $allowed', ({ action, who, allowed }) => {
    expect(canWithReview(VIEWERS[who], action, REVIEW)).toBe(allowed)
  })

  it.each(cases(POST_RULES))(
    '$action of a $state post by $who: $allowed',
    ({ action, state, who, allowed }) => {
      expect(can(VIEWERS[who], action, POSTS[state])).toBe(allowed)
    },
  )

  it.each(cases(COMMENT_RULES))(
    '$action of a $state comment by $who: $allowed',
    ({ action, state, who, allowed }) => {
      expect(can(VIEWERS[who], action, COMMENTS[state])).toBe(allowed)
    },
  )

  it('refuses as a route answers: 404 for what the viewer may not see, 403 not_author for what they see', () => {
    const refusal = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        const { statusCode, code } = error as { statusCode: number; code: string }
        return [statusCode, code]
      }
      return 'allowed'
    }
    expect(refusal(() => authorize(VIEWERS.other, 'post.edit', POSTS.public))).toEqual([403, 'not_author'])
    expect(refusal(() => authorize(VIEWERS.other, 'post.edit', POSTS.private))).toEqual([
      404,
      'post_not_found',
    ])
    expect(refusal(() => authorize(VIEWERS.moderator, 'post.delete', POSTS.hidden))).toEqual([
      404,
      'post_not_found',
    ])
    expect(refusal(() => authorize(VIEWERS.author, 'post.edit', null))).toEqual([404, 'post_not_found'])
    expect(refusal(() => authorize(VIEWERS.visitor, 'comment.delete', COMMENTS.shown))).toEqual([
      403,
      'not_author',
    ])
    expect(refusal(() => authorize(VIEWERS.other, 'comment.read_text', COMMENTS.hidden))).toEqual([
      404,
      'comment_not_found',
    ])
    expect(refusal(() => authorize(VIEWERS.moderator, 'post.read_history', POSTS.removed))).toBe('allowed')
    expect(authorize(VIEWERS.author, 'post.edit', POSTS.hidden)).toBe(POSTS.hidden)
    expect(refusal(() => authorize(VIEWERS.author, 'post.review', POSTS.public))).toEqual([
      403,
      'review_own_work',
    ])
    expect(refusal(() => authorize(VIEWERS.author, 'post.review', POSTS.private))).toEqual([
      403,
      'review_own_work',
    ])
    expect(refusal(() => authorize(VIEWERS.other, 'post.review', POSTS.hidden))).toEqual([
      404,
      'post_not_found',
    ])
  })
})
