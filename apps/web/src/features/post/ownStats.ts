import type { MeResponse } from '@agora/contract'
import type { QueryClient } from '@tanstack/react-query'
import { appEvents } from '../../app/events'
import { ME_QUERY_KEY } from '../../app/useSession'

/**
 * The signed-in user's counters changed (spec §4: an upload +1 post, a deletion −1, a like ±1): the
 * cached /auth/me answer follows at once (never below 0), and stats-updated tells everyone else —
 * the session's cached basic info, an open own page.
 */
export function adjustOwnStats(
  queryClient: QueryClient,
  type: 'posts' | 'comments' | 'likes',
  change: number,
) {
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
    me ? { ...me, stats: { ...me.stats, [type]: Math.max(0, me.stats[type] + change) } } : me,
  )
  appEvents.emit('stats-updated', { type, change })
}
