import { useQuery } from '@tanstack/react-query'
import { listMyBounties } from '../../api/bounties'
import { bountyKeys } from '../../api/queryKeys'

/** The bounties the reader funded, newest first. */
export function useMyBounties(userId: string) {
  return useQuery({
    queryKey: bountyKeys.mine(userId),
    queryFn: ({ signal }) => listMyBounties(signal),
    select: (answer) => answer.items,
  })
}
