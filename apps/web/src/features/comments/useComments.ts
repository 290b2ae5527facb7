import type { CommentView, PostDetailResponse } from '@agora/contract'
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { requestReview } from '../../api/blocks'
import { isApiError } from '../../api/client'
import {
  COMMENTS_PAGE_SIZE,
  createComment,
  deleteComment,
  editComment,
  getCommentRevisions,
  listComments,
  type NewComment,
  setCommentLike,
} from '../../api/comments'
import { takeEarly } from '../../api/early'
import { likeTookEffect, withLike, withLikeAnswer } from '../../api/likes'
import { commentKeys, postKeys, profileKeys, refreshOwnCounts, statsKey } from '../../api/queryKeys'
import { refusalText } from '../../ui/errorText'
import { toast } from '../../ui/toast'
import { useOptimisticToggle } from '../../ui/useOptimisticToggle'
import { placeCreated } from './placeCreated'
import {
  type CommentsData,
  type CommentsPage,
  findComment,
  groupThreads,
  nextSkip,
  patchComment,
  removeComment,
  toPage,
} from './threads'

/** The comments' first page as the query cache holds it: a post page drawn on the server seeds it. */
export function firstCommentsData(items: CommentView[]): CommentsData {
  return { pages: [toPage(items, COMMENTS_PAGE_SIZE)], pageParams: [0] }
}

/** The path public/route-prefetch.js asks for a post's first comments by (src/api/early.ts). */
const earlyPath = (postId: string) =>
  `/comments/post/${encodeURIComponent(postId)}?skip=0&limit=${COMMENTS_PAGE_SIZE}`

/**
 * A post's comment threads, 12 top-level comments a page (spec §9), newest first. The first page of a
 * visitor's first view comes from the request index.html started beside the post's.
 */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentKeys.post(postId),
    queryFn: async ({ pageParam, signal }) => {
      const early = pageParam === 0 ? await takeEarly<CommentView[]>(earlyPath(postId)) : null
      return toPage(early ?? (await listComments(postId, { skip: pageParam }, signal)), COMMENTS_PAGE_SIZE)
    },
    initialPageParam: 0,
    getNextPageParam: (last: CommentsPage, pages: CommentsPage[]) =>
      last.hasMore ? nextSkip(pages) : undefined,
  })

export function useComments(postId: string) {
  const query = useInfiniteQuery(commentsQuery(postId))
  const threads = useMemo(() => groupThreads(query.data?.pages ?? []), [query.data])
  return { ...query, threads }
}

function editPages(
  queryClient: QueryClient,
  postId: string,
  edit: (pages: CommentsPage[]) => CommentsPage[],
) {
  queryClient.setQueryData<CommentsData>(commentKeys.post(postId), (data) =>
    data ? { ...data, pages: edit(data.pages) } : data,
  )
}

/** The post's own counter (the detail page's header and this section's heading) moves by `change`. */
function adjustPostComments(queryClient: QueryClient, postId: string, change: number) {
  queryClient.setQueryData<PostDetailResponse>(postKeys.detail(postId), (post) =>
    post ? { ...post, comments: Math.max(0, post.comments + change) } : post,
  )
  // Cards and the site-wide figures show counts too: they load again when next shown.
  void queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' })
  void queryClient.invalidateQueries({ queryKey: statsKey, refetchType: 'none' })
}

/**
 * Comments or replies (spec §4 "Comments"). The created comment takes its place in the list at once;
 * the post's count goes up by one and the signed-in user's counts load again.
 */
export function useCreateComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<NewComment, 'postId'>) => createComment({ ...input, postId }),
    // What it earned is the modal's to say (in its own toast); the cached comment is the comment alone.
    onSuccess: ({ reward: _reward, ...created }) => {
      void placeCreated(queryClient, postId, created)
      adjustPostComments(queryClient, postId, 1)
      if (created.anchor) void queryClient.invalidateQueries({ queryKey: commentKeys.anchoredAll(postId) })
      void refreshOwnCounts(queryClient, 'comments')
    },
  })
}

/**
 * Like or unlike one comment (spec §4 "Likes"): the heart and the count change at once and roll back
 * if the call fails or answers otherwise than expected. The wanted state is sent, so a repeat cannot
 * flip it back. The caller does nothing without a session.
 *
 * The own "likes" figure is not moved: the server counts the posts a user likes there (the Likes tab
 * lists them), not comments, so moving it here would show a number the next load takes back.
 */
export function useLikeComment(postId: string, commentId: string) {
  const { t } = useTranslation('comments')
  const patch = (data: CommentsData, change: (comment: CommentView) => CommentView): CommentsData => ({
    ...data,
    pages: patchComment(data.pages, commentId, change),
  })
  return useOptimisticToggle({
    queryKey: commentKeys.post(postId),
    send: (like: boolean) => setCommentLike(commentId, like),
    isOn: (data: CommentsData) => findComment(data.pages, commentId)?.is_liked ?? false,
    shown: (data, like) => patch(data, (comment) => withLike(comment, like)),
    tookEffect: likeTookEffect,
    answered: (data, answer) => patch(data, (comment) => withLikeAnswer(comment, answer)),
    // Only the comment's heart and count go back: pages loaded or changed meanwhile stay.
    restore: (data, before) => {
      const previous = findComment(before.pages, commentId)
      return previous
        ? patch(data, (comment) => ({ ...comment, likes: previous.likes, is_liked: previous.is_liked }))
        : data
    },
    failed: t('like.failed'),
  })
}

/**
 * Deletes one of the viewer's comments with its replies (spec §4). The thread and the counters follow
 * without a reload: the post's count falls by what the server deleted, and the viewer's own counts
 * load again.
 */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (comment: CommentView) => deleteComment(comment._id),
    onSuccess: (answer, comment) => {
      const key = commentKeys.post(postId)
      const data = queryClient.getQueryData<CommentsData>(key)
      // One with replies stays as a placeholder: left in place until the page comes back.
      const { pages } =
        data && !answer.placeholder ? removeComment(data.pages, comment._id) : { pages: data?.pages ?? [] }
      if (data) queryClient.setQueryData<CommentsData>(key, { ...data, pages })
      adjustPostComments(queryClient, postId, -answer.deleted)
      // A placeholder stays for the replies, and a bare one above goes: the server's page says which.
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: commentKeys.anchoredAll(postId) })
      void refreshOwnCounts(queryClient, 'comments')
    },
    onError: (error) => {
      // Already gone (deleted in another tab): show the list as it is now.
      if (isApiError(error, 404)) {
        void queryClient.invalidateQueries({ queryKey: commentKeys.post(postId) })
        void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) })
      }
    },
  })
}

/**
 * Saves an edit of a comment (its author only) from the revision it started from; the thread shows
 * the answer at once. A 409 (changed meanwhile) is the caller's to show, with both versions.
 */
export function useEditComment(postId: string, commentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ content, baseRevision }: { content: string; baseRevision: number }) =>
      editComment(commentId, content, baseRevision),
    onSuccess: (saved) => {
      editPages(queryClient, postId, (pages) =>
        patchComment(pages, commentId, (comment) => ({ ...comment, ...saved })),
      )
      void queryClient.invalidateQueries({ queryKey: commentKeys.revisions(commentId) })
      if (saved.anchor) void queryClient.invalidateQueries({ queryKey: commentKeys.anchoredAll(postId) })
      void queryClient.invalidateQueries({ queryKey: profileKeys.ownList('comments') })
    },
  })
}

/** A comment's edit history, oldest first (loaded when its history dialog opens). */
export function useCommentRevisions(commentId: string) {
  return useQuery({
    queryKey: commentKeys.revisions(commentId),
    queryFn: ({ signal }) => getCommentRevisions(commentId, signal),
  })
}

/**
 * The author of a hidden or removed comment asks the moderators to look again; its
 * notice says "Review requested" from the answer on.
 */
export function useRequestCommentReview(postId: string, commentId: string) {
  const queryClient = useQueryClient()
  const { t } = useTranslation('comments')
  return useMutation({
    mutationFn: () => requestReview('comments', commentId),
    onSuccess: (moderation) =>
      editPages(queryClient, postId, (pages) =>
        patchComment(pages, commentId, (comment) => ({ ...comment, moderation })),
      ),
    onError: (error) => {
      if (!isApiError(error, 401))
        toast.error(t('moderation.reviewFailed'), {
          description: refusalText(error, t) ?? undefined,
        })
    },
  })
}
