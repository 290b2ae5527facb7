/**
 * Data hooks of the rewards screens:
 *
 *   const rewards = useMyRewards(userId)      // summary (balance, claimable…) + the ledger, paged
 *   const claims = useMyClaims(userId)        // claim history; polls while a claim is pending
 *   const rules = useRewardRules()
 *   const board = useLeaderboard('week')
 *   const claim = useClaimRewards(userId)     // claim.mutate({ address, amount })
 *   const announce = useRewardNotice()        // announce(answer.reward) after a post or comment
 */
import type {
  LeaderboardPeriod,
  RewardClaim,
  RewardEntry,
  RewardNotice,
  RewardsMeResponse,
} from '@agora/contract'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { rewardKeys, tokenKeys } from '../../api/queryKeys'
import {
  claimRewards,
  fetchLeaderboard,
  fetchMyClaims,
  fetchMyRewards,
  fetchRewardRules,
} from '../../api/rewards'
import { useIntlLocale } from '../../ui/format'
import { toast } from '../../ui/toast'
import { type PagedList, pagedListState } from '../../ui/usePagedList'
import { toUnits } from './amounts'
import {
  type ClaimAttempt,
  claimAnswerLost,
  claimAttemptFor,
  newClientKey,
  noticeKey,
  tokenText,
} from './rewardText'

/** How often the claim history is read again while a claim waits for its transfer. */
const PENDING_POLL_MS = 2000

export type RewardSummary = Omit<RewardsMeResponse, 'entries' | 'next_cursor'>

/**
 * GET /rewards/me as the summary (from the newest page) and the ledger as a keyset-paged list that
 * the profile list views render (Load more while a next cursor exists).
 */
export function useMyRewards(userId: string): {
  summary: RewardSummary | undefined
  ledger: PagedList<RewardEntry>
} {
  const query = useInfiniteQuery({
    queryKey: rewardKeys.me(userId),
    queryFn: ({ pageParam, signal }) => fetchMyRewards(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  })
  const pages = query.data?.pages
  const summary = useMemo(() => {
    if (!pages?.length) return undefined
    const { entries: _entries, next_cursor: _cursor, ...first } = pages[0]
    return first
  }, [pages])
  const items = useMemo(() => pages?.flatMap((page) => page.entries) ?? [], [pages])
  return { summary, ledger: pagedListState(query, items) }
}

const isPending = (claim: RewardClaim) => claim.status === 'pending'

export function useMyClaims(userId: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: rewardKeys.claims(userId),
    queryFn: async ({ signal }) => {
      const { claims } = await fetchMyClaims(signal)
      // A claim that just settled changed the balance (paid: gone for good; failed: credited back).
      const previous = queryClient.getQueryData<RewardClaim[]>(rewardKeys.claims(userId))
      if (
        previous?.some(
          (claim) => isPending(claim) && !claims.some((now) => now.id === claim.id && isPending(now)),
        )
      )
        void queryClient.invalidateQueries({ queryKey: rewardKeys.me(userId) })
      return claims
    },
    refetchInterval: (query) => (query.state.data?.some(isPending) ? PENDING_POLL_MS : false),
  })
}

export function useRewardRules() {
  return useQuery({
    queryKey: rewardKeys.rules,
    queryFn: ({ signal }) => fetchRewardRules(signal),
    staleTime: 10 * 60_000,
  })
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery({
    queryKey: rewardKeys.leaderboard(period),
    queryFn: ({ signal }) => fetchLeaderboard(period, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  })
}

export interface ClaimInput {
  address: string
  /** Base units. */
  amount: bigint
}

/**
 * POST /rewards/claim. One client key per claim: a retry of the same address and amount after a lost
 * answer sends the same key, so the server returns the claim it already has instead of paying twice.
 * After any answer the balance and the history are read again; after a claim, the address's balance.
 */
export function useClaimRewards(userId: string) {
  const queryClient = useQueryClient()
  const attempt = useRef<ClaimAttempt | null>(null)
  return useMutation({
    mutationFn: ({ address, amount }: ClaimInput) => {
      attempt.current = claimAttemptFor(attempt.current, { address, amount: amount.toString() }, newClientKey)
      return claimRewards({ address, amount: amount.toString(), client_key: attempt.current.key })
    },
    onSuccess: (claim) => {
      // Done: the next claim is a new one, even for the same amount to the same address.
      attempt.current = null
      queryClient.setQueryData<RewardClaim[]>(rewardKeys.claims(userId), (claims) => [
        claim,
        ...(claims ?? []).filter((other) => other.id !== claim.id),
      ])
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance(claim.address) })
      void queryClient.invalidateQueries({ queryKey: rewardKeys.leaderboards() })
    },
    onError: (error) => {
      if (!isApiError(error) || !claimAnswerLost(error.status)) attempt.current = null
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rewardKeys.me(userId) })
      void queryClient.invalidateQueries({ queryKey: rewardKeys.claims(userId) })
    },
  })
}

/**
 * Says once, in a small toast, what an action just earned ("+10 tokens for your post"), and marks the
 * rewards figures stale. With a `headline` (the action's own confirmation, e.g. 'Comment posted') that
 * is the toast and the earning its second line, so one action shows one toast. Nothing earned (null,
 * absent, or a zero amount) and no headline: nothing is said.
 */
export function useRewardNotice() {
  const { t } = useTranslation('rewards')
  const locale = useIntlLocale()
  const queryClient = useQueryClient()
  return useCallback(
    (notice: RewardNotice | undefined, headline?: string) => {
      const earned = notice && toUnits(notice.amount) > 0n ? notice : null
      const text = earned
        ? t(noticeKey(earned.reason), { tokens: tokenText(t, locale, earned.amount, { signed: true }) })
        : undefined
      if (headline) toast.success(headline, { description: text, duration: 4000 })
      else if (text) toast.success(text, { duration: 4000 })
      if (earned) void queryClient.invalidateQueries({ queryKey: rewardKeys.all })
    },
    [t, locale, queryClient],
  )
}
