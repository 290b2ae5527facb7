import type { PostDetailResponse } from '@agora/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { requestReview } from '../../api/blocks'
import { takeEarly } from '../../api/early'
import { setSaved } from '../../api/follows'
import { likeTookEffect, withLike, withLikeAnswer } from '../../api/likes'
import { deletePost, editPost, getPost, getPostRevisions, type PostEdit, setPostLike } from '../../api/posts'
import { postKeys, profileKeys, refreshOwnCounts, statsKey } from '../../api/queryKeys'
import { type OptimisticToggleOptions, toastFailure, useOptimisticToggle } from '../../ui/useOptimisticToggle'
import { analysisPollInterval } from './analysis'

/** The path public/route-prefetch.js asks for a post by (src/api/early.ts). */
export const earlyPostPath = (id: string) => `/media/${encodeURIComponent(id)}`

/**
 * One post. While its AI analysis is pending the page asks again every few seconds (see analysis.ts).
 * The first answer may be the one index.html asked for before the app ran (public/route-prefetch.js).
 */
export const postQuery = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await takeEarly<PostDetailResponse>(earlyPostPath(id))) ?? getPost(id, signal),
    refetchInterval: (query) => analysisPollInterval(query.state.data),
  })

export function usePost(id: string) {
  return useQuery(postQuery(id))
}

/** A yes/no on one post (like, save), in the post's cached detail. */
type PostToggle<Answer> = Omit<OptimisticToggleOptions<PostDetailResponse, Answer>, 'queryKey'>

function usePostToggle<Answer>(id: string, toggle: PostToggle<Answer>) {
  return useOptimisticToggle({ queryKey: postKeys.detail(id), ...toggle })
}

/**
 * Like or unlike (spec §4 "Likes"): the counter and the heart change at once and roll back if the call
 * fails or answers otherwise than expected. The wanted state is sent, so a repeat cannot flip it back.
 */
export function useLikePost(id: string) {
  const { t } = useTranslation('post')
  const queryClient = useQueryClient()
  return usePostToggle(id, {
    send: (like) => setPostLike(id, like),
    isOn: (post) => post.is_liked,
    shown: withLike,
    tookEffect: likeTookEffect,
    answered: withLikeAnswer,
    onSuccess: () => {
      void refreshOwnCounts(queryClient, 'liked')
      // Cards elsewhere show the count: they load it again when next shown.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' })
    },
    failed: t('like.failed'),
  })
}

/** Saves or unsaves the post: shown at once, rolled back when the server refuses. */
export function useSavePost(id: string) {
  const { t } = useTranslation('post')
  const queryClient = useQueryClient()
  return usePostToggle(id, {
    send: (save) => setSaved(id, save),
    isOn: (post) => post.is_saved ?? false,
    shown: (post, save) => ({ ...post, is_saved: save }),
    answered: (post, answer) => ({ ...post, is_saved: answer.saved }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: profileKeys.ownList('saved') }),
    failed: t('save.failed'),
  })
}

/** Deletes the post (author only); the caller navigates away on success. */
export function useDeletePost(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => deletePost(id),
    onSuccess: async () => {
      // Not removed: the page still shows it until it has left, and removing would fetch it again (404).
      // Stale instead, so coming back asks the server and shows 'Post not found'.
      await queryClient.cancelQueries({ queryKey: postKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(id), refetchType: 'none' })
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: statsKey })
      void refreshOwnCounts(queryClient, 'posts')
    },
  })
}

/**
 * Saves an edit of the post (author only). The page shows the answer at once; lists, search and the
 * history load again. A 409 (changed meanwhile) is the caller's to show, with both versions.
 */
export function useEditPost(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (edit: PostEdit) => editPost(id, edit),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(id), post)
      void queryClient.invalidateQueries({ queryKey: postKeys.revisions(id) })
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: profileKeys.all })
    },
  })
}

/** The post's edit history, oldest first (loaded when the history dialog opens). */
export function usePostRevisions(id: string) {
  return useQuery({
    queryKey: postKeys.revisions(id),
    queryFn: ({ signal }) => getPostRevisions(id, signal),
  })
}

/**
 * The author of a hidden or removed post asks the moderators to look again; the banner
 * shows "Review requested" from the answer on.
 */
export function useRequestPostReview(id: string) {
  const queryClient = useQueryClient()
  const { t } = useTranslation('post')
  return useMutation({
    mutationFn: () => requestReview('posts', id),
    onSuccess: (moderation) => {
      queryClient.setQueryData<PostDetailResponse>(
        postKeys.detail(id),
        (post) => post && { ...post, moderation },
      )
    },
    onError: (error) => toastFailure(error, t('moderation.reviewFailed'), t),
  })
}
