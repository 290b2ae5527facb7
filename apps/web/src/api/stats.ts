/** GET /stats: the real member, post and comment counts behind the home and forum heroes. */
import type { StatsResponse } from '@agora/contract'
import { api } from './client'

export function fetchStats(signal?: AbortSignal): Promise<StatsResponse> {
  return api.get<StatsResponse>('/stats', { signal })
}
