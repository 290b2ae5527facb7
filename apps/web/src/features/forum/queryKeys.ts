import type { PostSort } from '@agora/contract'

/**
 * TanStack Query keys of posts, shared by the forum, the post page and the upload (which must refresh
 * the lists it changes). Everything under `postKeys.all` is post data.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (search: string, sort: PostSort | null) => ['posts', 'list', { search, sort }] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
}

/** The site-wide counts (GET /stats). */
export const statsKey = ['stats'] as const
