/** GET /stats: the real member, post and comment counts behind the home and forum heroes. */
import type { StatsResponse } from '@agora/contract'
import { api } from './client'
import { takeEarly } from './early'

/** The figures; on the forum's first load, those route-prefetch.js asked for before the app ran. */
export async function fetchStats(signal?: AbortSignal): Promise<StatsResponse> {
  return (await takeEarly<StatsResponse>('/stats')) ?? api.get<StatsResponse>('/stats', { signal })
}
