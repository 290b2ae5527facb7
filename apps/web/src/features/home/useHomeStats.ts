import { useQuery } from '@tanstack/react-query'
import { statsKey } from '../../api/queryKeys'
import { fetchStats } from '../../api/stats'

/** The real site figures (GET /stats), shared in the cache with the forum hero. */
export function useHomeStats() {
  return useQuery({ queryKey: statsKey, queryFn: ({ signal }) => fetchStats(signal), staleTime: 60_000 })
}
