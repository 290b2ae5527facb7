import type { PostCursor, PostListItem, PostListResponse } from '@agora/contract'
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { listPosts, type PostListParams } from '../../api/posts'
import { postKeys } from '../../api/queryKeys'
import type { ForumFilters } from './forumFilters'
import type { ChosenSort } from './forumSort'

/** The pages' posts in order, each id once (a post that moved between two page loads is not repeated). */
export function uniquePosts(pages: readonly PostListResponse[]): PostListItem[] {
  const seen = new Set<string>()
  const posts: PostListItem[] = []
  for (const page of pages) {
    for (const post of page.items) {
      const id = post.id ?? post._id
      if (seen.has(id)) continue
      seen.add(id)
      posts.push(post)
    }
  }
  return posts
}

/** What the list asks the server for, from its first page (`cursor` null) on. */
export function forumListParams(
  search: string,
  sort: ChosenSort | null,
  feed: 'following' | undefined,
  filters: ForumFilters,
  cursor: PostCursor | null = null,
): PostListParams {
  return {
    search,
    sort,
    cursor,
    feed,
    tag: filters.tag || undefined,
    mediaType: filters.type || undefined,
    author: filters.author || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    reviewed: filters.reviewed === 'true' || undefined,
  }
}

/**
 * The forum list for a search, sort and filters: keyset pages of 12 (spec §4). Changing any starts a
 * new list from its first page; the next page starts after the last post of the one before.
 */
export const forumPostsQuery = (
  search: string,
  sort: ChosenSort | null,
  feed: 'following' | undefined,
  filters: ForumFilters,
) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(search, sort, feed, filters),
    queryFn: ({ pageParam, signal }) =>
      listPosts(forumListParams(search, sort, feed, filters, pageParam), signal),
    initialPageParam: null as PostCursor | null,
    getNextPageParam: (last: PostListResponse) =>
      last.has_next && last.next_cursor ? last.next_cursor : undefined,
  })

export function useForumPosts(
  search: string,
  sort: ChosenSort | null,
  feed: 'following' | undefined,
  filters: ForumFilters,
) {
  const query = useInfiniteQuery(forumPostsQuery(search, sort, feed, filters))
  const posts = useMemo(() => uniquePosts(query.data?.pages ?? []), [query.data])
  return { ...query, posts }
}

/**
 * Called before the reader changes the search, sort or filters (spec §4): that list starts again from its first
 * page, even if it was loaded before. (Back and Forward keep what was loaded, to return where one was.)
 */
export function useRestartForumList() {
  const queryClient = useQueryClient()
  return useCallback(
    (search: string, sort: ChosenSort | null, feed: 'following' | undefined, filters: ForumFilters) => {
      void queryClient.resetQueries({ queryKey: postKeys.list(search, sort, feed, filters), exact: true })
    },
    [queryClient],
  )
}
