/**
 * Who is signed in, for any screen:
 *
 *   const { status, user, basic, isAuthenticated } = useSession()
 *
 * `user` is the full GET /auth/me answer; `basic` is the cached basic info (spec §3), available
 * at once after a reload while /auth/me is still loading. Nothing is fetched without a session marker,
 * so anonymous visitors make no /auth/me call.
 */
import type { MeResponse } from '@agora/contract'
import { useQuery } from '@tanstack/react-query'
import { fetchMe } from '../api/auth'
import { meKey } from '../api/queryKeys'
import { cachedUser, useAuthMarker } from './authState'
import { type BasicUserInfo, toBasicInfo } from './session'

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated' | 'error'

export interface Session {
  status: SessionStatus
  isAuthenticated: boolean
  user: MeResponse | null
  basic: BasicUserInfo | null
  /** The last failure of GET /auth/me other than "not signed in" (network, server). */
  error: Error | null
  refetch: () => void
}

export function useSession(): Session {
  const marker = useAuthMarker()
  const query = useQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => fetchMe({ signal, silent: true }),
    enabled: marker !== null,
    staleTime: 5 * 60_000,
  })
  const user = marker ? (query.data ?? null) : null
  const basic = user ? toBasicInfo(user, Date.now()) : marker ? cachedUser() : null
  let status: SessionStatus = 'anonymous'
  if (marker) status = user ? 'authenticated' : query.isError ? 'error' : 'loading'
  return {
    status,
    isAuthenticated: status === 'authenticated',
    user,
    basic,
    error: marker && query.isError ? query.error : null,
    refetch: () => void query.refetch(),
  }
}
