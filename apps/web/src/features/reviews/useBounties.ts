import type { AwardBountyRequest, CreateBountyRequest } from '@agora/contract'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { awardBounty, cancelBounty, createBounty, listBounties } from '../../api/bounties'
import { bountyKeys, rewardKeys } from '../../api/queryKeys'

/** A post's bounties, open ones first. */
export function useBounties(postId: string) {
  return useQuery({
    queryKey: bountyKeys.post(postId),
    queryFn: ({ signal }) => listBounties(postId, signal),
    select: (answer) => answer.items,
  })
}

/** Escrow moved: the post's bounties, the funder's own list and everyone's balances read again. */
function refreshAfterMove(queryClient: QueryClient, postId: string) {
  void queryClient.invalidateQueries({ queryKey: bountyKeys.post(postId) })
  void queryClient.invalidateQueries({ queryKey: bountyKeys.all })
  void queryClient.invalidateQueries({ queryKey: rewardKeys.all })
}

export function useFundBounty(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bounty: CreateBountyRequest) => createBounty(postId, bounty),
    onSuccess: () => refreshAfterMove(queryClient, postId),
  })
}

export function useAwardBounty(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bountyId, award }: { bountyId: string; award: AwardBountyRequest }) =>
      awardBounty(bountyId, award),
    onSuccess: () => refreshAfterMove(queryClient, postId),
  })
}

export function useCancelBounty(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bountyId: string) => cancelBounty(bountyId),
    onSuccess: () => refreshAfterMove(queryClient, postId),
  })
}
