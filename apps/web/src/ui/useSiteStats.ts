import { queryOptions, useQuery } from '@tanstack/react-query'
import { statsKey } from '../api/queryKeys'
import { fetchStats } from '../api/stats'

/** The site's live figures (GET /stats), kept a minute: the home strip and the forum hero share them. */
export const siteStatsQuery = queryOptions({
  queryKey: statsKey,
  queryFn: ({ signal }) => fetchStats(signal),
  staleTime: 60_000,
})

export function useSiteStats() {
  return useQuery(siteStatsQuery)
}

/** The figures the home strip and the forum hero show, in their order. */
const SITE_FIGURES = ['members', 'posts', 'comments', 'tokens_earned'] as const

/**
 * The site's figures in the order both strips show them, each under the caller's name for it (its
 * label's key); a value is undefined until the figures arrive.
 */
export function useSiteFigures<Key extends string>(names: Record<(typeof SITE_FIGURES)[number], Key>) {
  const stats = useSiteStats()
  const figures = SITE_FIGURES.map((figure) => ({ key: names[figure], value: stats.data?.[figure] }))
  return { stats, figures }
}
