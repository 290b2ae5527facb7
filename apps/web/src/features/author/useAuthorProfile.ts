import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { getPersonInformation, listUserPosts, PROFILE_PAGE_SIZE } from '../../api/profiles'
import { profileKeys } from '../../api/queryKeys'
import { postIdOf } from '../../ui/ProfilePostItem'
import { usePagedList } from '../../ui/usePagedList'
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
