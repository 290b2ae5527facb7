import { useQuery } from '@tanstack/react-query'
import { statsKey } from '../api/queryKeys'
import { fetchStats } from '../api/stats'

/** The site's live figures (GET /stats), kept a minute: the home strip and the forum hero share them. */
export function useSiteStats() {
  return useQuery({ queryKey: statsKey, queryFn: ({ signal }) => fetchStats(signal), staleTime: 60_000 })
}
