import type { CommentView } from '@agora/contract'
import type { QueryClient } from '@tanstack/react-query'
import { commentKeys } from '../../api/queryKeys'
import { type CommentsData, insertComment } from './threads'

/**
 * A comment just written takes its place in the post's cached list. A load of the list still on its
 * way was asked before the comment existed and would answer without it, replacing the list that has
 * it: it is called off first (what it would have brought loads again when the list is next asked).
 * Where the comment cannot be placed (no list yet, or its parent is on a page not loaded), the list
 * loads again.
 */
export async function placeCreated(queryClient: QueryClient, postId: string, created: CommentView) {
  const key = commentKeys.post(postId)
  await queryClient.cancelQueries({ queryKey: key, exact: true })
  const data = queryClient.getQueryData<CommentsData>(key)
  const pages = data ? insertComment(data.pages, created) : null
  if (data && pages) queryClient.setQueryData(key, { ...data, pages })
  else await queryClient.invalidateQueries({ queryKey: key })
}
