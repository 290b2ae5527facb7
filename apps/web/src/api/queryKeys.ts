/**
 * Every TanStack Query key of the web app, in one place, so a screen that changes data can say which
 * other screens' caches go stale without reaching into their folders. A key family's `all` (or its
 * first element) covers everything under it.
 */
import type { LeaderboardPeriod, PostSort } from '@agora/contract'
import type { QueryClient } from '@tanstack/react-query'

/** GET /auth/me: the signed-in user, shared by the shell, the own page and every counter they show. */
export const meKey = ['auth', 'me'] as const

/** Posts: the forum lists, a post, and what the upload and deletion must refresh. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  /** `filters`: the forum's tag, type, author and days (features/forum/forumFilters.ts). */
  list: (search: string, sort: PostSort | null, feed?: 'following', filters?: object) =>
    ['posts', 'list', { search, sort, feed, ...filters }] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  tag: (tag: string, sort: PostSort | null) => ['posts', 'tag', { tag, sort }] as const,
  tagSummary: (tag: string) => ['posts', 'tag-summary', tag] as const,
  /** Tags in use starting with `prefix` (the tags field's suggestions). */
  tagPrefix: (prefix: string) => ['posts', 'tag-prefix', prefix] as const,
  revisions: (id: string) => ['posts', 'revisions', id] as const,
}

/** The site-wide counts (GET /stats). */
export const statsKey = ['stats'] as const

/** A post's comment threads. */
export const commentKeys = {
  all: ['comments'] as const,
  post: (postId: string) => ['comments', 'post', postId] as const,
  /** The threads anchored to one file of the post (under the post's key: what refreshes one refreshes both). */
  anchored: (postId: string, cid: string) => ['comments', 'post', postId, 'anchor', cid] as const,
  anchoredAll: (postId: string) => ['comments', 'post', postId, 'anchor'] as const,
  revisions: (commentId: string) => ['comments', 'revisions', commentId] as const,
}

/** A post's reviews (with their aggregate), a review's and its answer's history, its citations. */
export const reviewKeys = {
  all: ['reviews'] as const,
  post: (postId: string) => ['reviews', 'post', postId] as const,
  revisions: (reviewId: string) => ['reviews', 'revisions', reviewId] as const,
  responseRevisions: (reviewId: string) => ['reviews', 'response-revisions', reviewId] as const,
  cite: (reviewId: string, format: string) => ['reviews', 'cite', reviewId, format] as const,
}

/** Review bounties: a post's, and the ones the signed-in user funded (per user, like rewards). */
export const bountyKeys = {
  all: ['bounties'] as const,
  post: (postId: string) => ['bounties', 'post', postId] as const,
  mine: (userId: string) => ['bounties', 'mine', userId] as const,
}

/** The profile screens: author pages, the own page's lists, the test page. */
export const profileKeys = {
  all: ['profiles'] as const,
  author: (id: string) => ['profiles', 'author', id] as const,
  authorPosts: (id: string) => ['profiles', 'author', id, 'posts'] as const,
  authorLiked: (id: string, pageSize: number) => ['profiles', 'author', id, 'liked', pageSize] as const,
  authorReviews: (username: string) => ['profiles', 'reviews', username] as const,
  ownReviewRequests: () => ['profiles', 'own', 'review-requests'] as const,
  own: () => ['profiles', 'own'] as const,
  ownList: (list: 'posts' | 'comments' | 'liked' | 'saved') => ['profiles', 'own', list] as const,
}

/** Rewards, per user, so another account signing in on this tab never sees the last one's figures. */
export const rewardKeys = {
  all: ['rewards'] as const,
  me: (userId: string) => ['rewards', 'me', userId] as const,
  claims: (userId: string) => ['rewards', 'claims', userId] as const,
  rules: ['rewards', 'rules'] as const,
  leaderboards: () => ['rewards', 'leaderboard'] as const,
  leaderboard: (period: LeaderboardPeriod) => ['rewards', 'leaderboard', period] as const,
}

/** The test-token faucet. */
export const tokenKeys = {
  all: ['token'] as const,
  /** What is left today depends on who asks. */
  info: (viewerId: string | null) => ['token', 'info', viewerId] as const,
  infos: () => ['token', 'info'] as const,
  balance: (address: string) => ['token', 'balance', address] as const,
}

/** The signed-in user's storage used and quota (the upload page). */
export const uploadQuotaKeys = {
  all: ['uploads', 'quota'] as const,
  of: (viewerId: string) => ['uploads', 'quota', viewerId] as const,
}

/** A post's files: text previews and rendered previews, by content id. */
export const fileKeys = {
  text: (cid: string, maxBytes: number) => ['files', 'text', cid, maxBytes] as const,
  preview: (cid: string) => ['files', 'preview', cid] as const,
}

/**
 * The signed-in user posted, commented or liked (or took it back): their counters come from the
 * server again (GET /auth/me, which also refreshes the cached basic info), and so does the own list
 * that changed. Inactive queries are only marked stale and load when next shown. Resolves once the
 * counters are in (a caller may wait for it before saying it is done).
 */
export function refreshOwnCounts(
  queryClient: QueryClient,
  list: 'posts' | 'comments' | 'liked',
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: profileKeys.ownList(list) })
  return queryClient.invalidateQueries({ queryKey: meKey, exact: true })
}

/** One's notifications, per user: another account signing in on this tab never sees them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
  unread: (userId: string) => ['notifications', 'unread', userId] as const,
  settings: (userId: string) => ['notifications', 'settings', userId] as const,
  mail: (userId: string) => ['notifications', 'mail', userId] as const,
}

/** Where the user is signed in, per user. */
export const accountKeys = {
  sessions: (userId: string) => ['account', 'sessions', userId] as const,
  exports: (userId: string) => ['account', 'exports', userId] as const,
}

/** People found by the start of their name (@mention suggestions). */
export const userKeys = {
  search: (prefix: string) => ['users', 'search', prefix] as const,
  byName: (name: string) => ['users', 'by-name', name.toLowerCase()] as const,
}

/** Whom and which tags the reader follows (GET /auth/me/follows), per user. */
export const followKeys = {
  mine: (userId: string) => ['follows', 'mine', userId] as const,
}

/**
 * Moderation, per viewer: the queue is for moderators only, and the public log names the
 * moderator only to moderators, so another account signing in on this tab never sees the last one's.
 */
export const modKeys = {
  all: ['mod'] as const,
  queue: (viewerId: string, targetType: string | null, reason: string | null) =>
    ['mod', 'queue', viewerId, { targetType, reason }] as const,
  users: (viewerId: string, filter: { role?: string; q?: string }) =>
    ['mod', 'users', viewerId, filter] as const,
  log: (viewerId: string | null) => ['mod', 'log', viewerId] as const,
}

/** Whom the reader blocked (GET /auth/me/blocks), per user. */
export const blockKeys = {
  mine: (userId: string) => ['blocks', 'mine', userId] as const,
}

/** One review on its own page (GET /reviews/{id}); under `reviews`, so a change to reviews covers it. */
export const reviewPageKey = (id: string) => ['reviews', 'page', id] as const
