import type { PostDetailResponse } from '@agora/contract'
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { requestReview } from '../../api/blocks'
import { isApiError } from '../../api/client'
import { takeEarly } from '../../api/early'
import { setSaved } from '../../api/follows'
import { likeTookEffect, withLike, withLikeAnswer } from '../../api/likes'
import { deletePost, editPost, getPost, getPostRevisions, type PostEdit, setPostLike } from '../../api/posts'
import { postKeys, profileKeys, refreshOwnCounts, statsKey } from '../../api/queryKeys'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'
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

/** A failure toasted under `title` with the refusal's words; a 401 opens the login card by itself. */
function toastFailure(error: Error, title: string, t: TFunction) {
  if (!isApiError(error, 401)) toast.error(title, { description: refusalText(error, t) ?? undefined })
}

interface PostToggle<Answer> {
  send: (on: boolean) => Promise<Answer>
  /** The post as it shows while the call is on its way. */
  shown: (post: PostDetailResponse, on: boolean) => PostDetailResponse
  /** Whether the answer did what was asked (else the post rolls back). */
  tookEffect?: (answer: Answer, on: boolean) => boolean
  /** The post as the answer says it is. */
  answered: (post: PostDetailResponse, answer: Answer) => PostDetailResponse
  /** What else changes once it took effect. */
  after: (queryClient: QueryClient) => void
  /** The toast's title when the call fails. */
  failed: string
}

/** A yes/no on one post (like, save): shown at once, rolled back when the call fails or does not take. */
function usePostToggle<Answer>(id: string, toggle: PostToggle<Answer>) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const key = postKeys.detail(id)
  return useMutation({
    mutationFn: toggle.send,
    onMutate: async (on: boolean) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<PostDetailResponse>(key)
      if (previous) queryClient.setQueryData<PostDetailResponse>(key, toggle.shown(previous, on))
      return { previous }
    },
    onSuccess: (answer, on, context) => {
      if (toggle.tookEffect && !toggle.tookEffect(answer, on)) {
        if (context.previous) queryClient.setQueryData(key, context.previous)
        return
      }
      queryClient.setQueryData<PostDetailResponse>(key, (post) => post && toggle.answered(post, answer))
      toggle.after(queryClient)
    },
    onError: (error, _on, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
      toastFailure(error, toggle.failed, t)
    },
  })
}

/**
 * Like or unlike (spec §4 "Likes"): the counter and the heart change at once and roll back if the call
 * fails or answers otherwise than expected. The wanted state is sent, so a repeat cannot flip it back.
 */
export function useLikePost(id: string) {
  const { t } = useTranslation('post')
  return usePostToggle(id, {
    send: (like) => setPostLike(id, like),
    shown: withLike,
    tookEffect: likeTookEffect,
    answered: withLikeAnswer,
    after: (queryClient) => {
      void refreshOwnCounts(queryClient, 'liked')
      // Cards elsewhere show the count: they load it again when next shown.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' })
    },
    failed: t('like.failed'),
  })
}

/** Saves or unsaves the post (issue 18): shown at once, rolled back when the server refuses. */
export function useSavePost(id: string) {
  const { t } = useTranslation('post')
  return usePostToggle(id, {
    send: (save) => setSaved(id, save),
    shown: (post, save) => ({ ...post, is_saved: save }),
    answered: (post, answer) => ({ ...post, is_saved: answer.saved }),
    after: (queryClient) => void queryClient.invalidateQueries({ queryKey: profileKeys.ownList('saved') }),
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
 * The author of a hidden or removed post asks the moderators to look again (issue 27); the banner
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
