import type { ReviewListResponse, ReviewView } from '@agora/contract'
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useMemo } from 'react'
import { reviewKeys } from '../../api/queryKeys'
import {
  createReview,
  editResponse,
  editReview,
  getResponseRevisions,
  getReviewRevisions,
  inviteReviewer,
  listReviews,
  respondToReview,
  setReviewHelpful,
  withdrawReview,
} from '../../api/reviews'
import { useOptimisticToggle } from '../../ui/useOptimisticToggle'
import { type ReviewDraft, toCreateRequest, toEditRequest } from './reviewForm'

type ReviewsData = InfiniteData<ReviewListResponse, string | null>

/** A post's reviews, newest first, a keyset page at a time; every page carries the aggregate. */
export const reviewsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.post(postId),
    queryFn: ({ pageParam, signal }) => listReviews(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewListResponse) => (last.has_next ? last.next_cursor : undefined),
  })

export function useReviews(postId: string) {
  const query = useInfiniteQuery(reviewsQuery(postId))
  const reviews = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data])
  // The first page's aggregate: every page is fetched again together, so it is as new as any.
  return { ...query, reviews, aggregate: query.data?.pages[0]?.aggregate ?? null }
}

/** The list with one review changed by `change`. */
function withReview(
  data: ReviewsData,
  id: string,
  change: (review: ReviewView) => Partial<ReviewView>,
): ReviewsData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item._id === id ? { ...item, ...change(item) } : item)),
    })),
  }
}

function patchReview(queryClient: QueryClient, postId: string, id: string, change: Partial<ReviewView>) {
  queryClient.setQueryData<ReviewsData>(reviewKeys.post(postId), (data) =>
    data ? withReview(data, id, () => change) : data,
  )
}

/** The list and its aggregate load again: a review written, edited or withdrawn moves the figures. */
const refreshList = (queryClient: QueryClient, postId: string) =>
  queryClient.invalidateQueries({ queryKey: reviewKeys.post(postId) })

export function useCreateReview(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (draft: ReviewDraft) => createReview(postId, toCreateRequest(draft)),
    onSuccess: () => refreshList(queryClient, postId),
  })
}

/** Saves an edit from `baseRevision`; a 409 (changed meanwhile) is the caller's to show, with `current`. */
export function useEditReview(postId: string, reviewId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ draft, baseRevision }: { draft: ReviewDraft; baseRevision: number }) =>
      editReview(reviewId, toEditRequest(draft, baseRevision)),
    onSuccess: (saved) => {
      patchReview(queryClient, postId, reviewId, saved)
      void refreshList(queryClient, postId)
      void queryClient.invalidateQueries({ queryKey: reviewKeys.revisions(reviewId) })
    },
  })
}

export function useWithdrawReview(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (review: ReviewView) => withdrawReview(review._id),
    onSuccess: (withdrawn) => {
      patchReview(queryClient, postId, withdrawn._id, withdrawn)
      void refreshList(queryClient, postId)
    },
  })
}

/**
 * Helpful, as likes and saves are: the mark and the count change at once, the wanted state is
 * sent, and the server's count is written over them (rolled back if the call fails).
 */
export function useReviewHelpful(postId: string, reviewId: string, failed: string) {
  const marked = (data: ReviewsData) =>
    data.pages.some((page) => page.items.some((item) => item._id === reviewId && item.marked_helpful))
  return useOptimisticToggle<ReviewsData, { helpful: boolean; count: number }>({
    queryKey: reviewKeys.post(postId),
    isOn: marked,
    shown: (data, on) =>
      withReview(data, reviewId, (review) => ({
        marked_helpful: on,
        helpful: review.helpful + (on === review.marked_helpful ? 0 : on ? 1 : -1),
      })),
    send: (on) => setReviewHelpful(reviewId, on),
    answered: (data, answer) =>
      withReview(data, reviewId, () => ({ marked_helpful: answer.helpful, helpful: answer.count })),
    tookEffect: (answer, on) => answer.helpful === on,
    failed,
  })
}

/** The work's author answers a review, once: the review shows the answer at once. */
export function useRespondToReview(postId: string, reviewId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: string) => respondToReview(reviewId, content),
    onSuccess: (response) => patchReview(queryClient, postId, reviewId, { response }),
  })
}

/** Saves an edit of the answer from `baseRevision`; a 409 is the caller's to show, with `current`. */
export function useEditResponse(postId: string, reviewId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ content, baseRevision }: { content: string; baseRevision: number }) =>
      editResponse(reviewId, content, baseRevision),
    onSuccess: (response) => {
      patchReview(queryClient, postId, reviewId, { response })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.responseRevisions(reviewId) })
    },
  })
}

/** The answer's edit history, oldest first (loaded when its history dialog opens). */
export function useResponseRevisions(reviewId: string) {
  return useQuery({
    queryKey: reviewKeys.responseRevisions(reviewId),
    queryFn: ({ signal }) => getResponseRevisions(reviewId, signal),
  })
}

export function useInviteReviewer(postId: string) {
  return useMutation({ mutationFn: (username: string) => inviteReviewer(postId, username) })
}

/** A review's edit history, oldest first (loaded when its history dialog opens). */
export function useReviewRevisions(reviewId: string) {
  return useQuery({
    queryKey: reviewKeys.revisions(reviewId),
    queryFn: ({ signal }) => getReviewRevisions(reviewId, signal),
  })
}
