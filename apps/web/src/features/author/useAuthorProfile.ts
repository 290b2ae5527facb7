import type { UserReviewItem } from '@agora/contract'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { getPersonInformation, listUserPosts, listUserReviews, PROFILE_PAGE_SIZE } from '../../api/profiles'
import { profileKeys } from '../../api/queryKeys'
import { postIdOf } from '../../ui/ProfilePostItem'
import { type PagedList, pagedListState, usePagedList } from '../../ui/usePagedList'
import { toAuthorProfile } from './authorProfile'

/** The author's information as the page shows it. */
export function useAuthorProfile(id: string) {
  const query = useQuery({
    queryKey: profileKeys.author(id),
    queryFn: ({ signal }) => getPersonInformation(id, signal),
    enabled: id !== '',
  })
  const profile = useMemo(() => (query.data ? toAuthorProfile(query.data) : null), [query.data])
  return { ...query, profile }
}

/** The author's posts, 12 a page; created when the Posts tab first opens. */
export function useAuthorPosts(id: string) {
  return usePagedList(profileKeys.authorPosts(id), {
    fetchPage: (page, signal) => listUserPosts(id, 'posts', page, signal),
    idOf: postIdOf,
  })
}

/** The posts the author liked, 12 a page (5 on the test page). */
export function useUserLiked(id: string, pageSize = PROFILE_PAGE_SIZE, enabled = true) {
  return usePagedList(profileKeys.authorLiked(id, pageSize), {
    fetchPage: (page, signal) => listUserPosts(id, 'liked', page, signal),
    idOf: postIdOf,
    pageSize,
    enabled: enabled && id !== '',
  })
}

/** The author's reviews in keyset pages, newest first; created when the Reviews tab first opens. */
export function useAuthorReviews(username: string): PagedList<UserReviewItem> {
  const query = useInfiniteQuery({
    queryKey: profileKeys.authorReviews(username),
    queryFn: ({ pageParam, signal }) => listUserReviews(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.has_next ? last.next_cursor : null) ?? undefined,
  })
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data])
  return pagedListState(query, items)
}
