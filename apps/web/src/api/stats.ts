/** GET /stats: the real member, post and comment counts behind the home and forum heroes. */
import type { StatsResponse } from '@agora/contract'
import { call, callPath } from './client'
import { takeEarly } from './early'

/** The figures; on the forum's first load, those route-prefetch.js asked for before the app ran. */
export async function fetchStats(signal?: AbortSignal): Promise<StatsResponse> {
  return (await takeEarly<StatsResponse>(callPath('GET /stats', {}))) ?? call('GET /stats', { signal })
}
