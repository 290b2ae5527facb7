/** Finding people by the start of their name (@mention suggestions). */
import type { UserSearchResponse } from '@agora/contract'
import { call } from './client'

/** GET /users/search?q=: at most 8 users whose name starts with `prefix`. */
export function searchUsers(prefix: string, signal?: AbortSignal): Promise<UserSearchResponse> {
  return call('GET /users/search', { signal, query: { q: prefix } })
}
