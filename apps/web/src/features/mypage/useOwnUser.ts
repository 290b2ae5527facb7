/**
 * The own page's user data and the session duties that come with the page (product-spec §4 "Own
 * profile page"):
 * - GET /auth/me on opening (cached data shows at once while it reloads; with nothing cached,
 *   'Loading user data' stays at least 1 s); a failure with cached info clears that cache and tries once more;
 * - coming back to the tab or window reloads the counts (what this tab changes reloads them itself,
 *   api/queryKeys.ts refreshOwnCounts), which is how a like made in another tab reaches this page;
 * - token-updated (another tab signed in) re-authenticates; need-login and logout show the login screen
 *   (the session marker goes, and the page follows it);
 * - in secure mode the session is renewed every 10 minutes while the page is open.
 */
import type { ActivitySummary, OwnUserResponse } from '@agora/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../api/client'
import { fetchOwnUser } from '../../api/profiles'
import { meKey, profileKeys } from '../../api/queryKeys'
import { cachedUser, useAuthMarker } from '../../app/authState'
import { USER_INFO_KEY } from '../../app/session'
import { useAppEvent } from '../../app/useAppEvent'
import { useAutoRefresh } from '../../app/useAutoRefresh'
import { MIN_LOADING_MS } from './profileLimits'

const NO_ACTIVITY: ActivitySummary = { level: 'Beginner', points: 0, percent: 0, days: [] }

/**
 * The cached /auth/me answer as the own page reads it. Other screens share the cache entry and type it
 * as the shorter MeResponse; the server always sends the full answer, and anything missing gets its default.
 */
export function toOwnUser(me: Partial<OwnUserResponse>): OwnUserResponse {
  const stats = {
    posts: me.stats?.posts ?? 0,
    comments: me.stats?.comments ?? 0,
    likes: me.stats?.likes ?? 0,
    likes_received: me.stats?.likes_received ?? 0,
    activity_level: me.stats?.activity_level || 'Beginner',
  }
  return {
    _id: me._id ?? me.id ?? '',
    id: me.id ?? me._id ?? '',
    username: me.username ?? '',
    nickname: me.nickname ?? '',
    avatar: me.avatar ?? '',
    title: me.title ?? '',
    bio: me.bio ?? '',
    email: me.email ?? '',
    orcid: me.orcid ?? '',
    orcid_verified: me.orcid_verified ?? false,
    email_verified: me.email_verified ?? false,
    email_bounced: me.email_bounced ?? false,
    phone: me.phone ?? '',
    url: me.url ?? '',
    tags: me.tags ?? [],
    self_page: me.self_page ?? '',
    twitter: me.twitter ?? '',
    github: me.github ?? '',
    linkedin: me.linkedin ?? '',
    settings: me.settings ?? {
      public_posts: true,
      public_activities: true,
      public_profile: true,
      public_statistics: true,
      public_contact: true,
    },
    stats,
    posts: stats.posts,
    comments: stats.comments,
    likes: stats.likes,
    activity_30d: me.activity_30d ?? { ...NO_ACTIVITY, level: stats.activity_level },
    created_at: me.created_at ?? '',
    role: me.role ?? 'user',
    suspended_until: me.suspended_until ?? null,
    suspension_reason: me.suspension_reason ?? '',
    trust: me.trust ?? 'member',
  }
}

/** GET /auth/me; on a failure other than 401 with basic info cached, that cache goes and it tries once more. */
async function loadOwnUser(signal: AbortSignal): Promise<OwnUserResponse> {
  try {
    return await fetchOwnUser(signal)
  } catch (error) {
    if (signal.aborted || isApiError(error, 401) || !cachedUser()) throw error
    try {
      window.sessionStorage.removeItem(USER_INFO_KEY)
    } catch {
      // Storage blocked: nothing was cached there.
    }
    return fetchOwnUser(signal)
  }
}

export type OwnUserState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'ready'; user: OwnUserResponse }

export function useOwnUser(): OwnUserState {
  const marker = useAuthMarker()
  const queryClient = useQueryClient()
  const signedIn = marker !== null
  const query = useQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => loadOwnUser(signal),
    select: toOwnUser,
    enabled: signedIn,
    refetchOnMount: 'always',
    // loadOwnUser already tries twice when it makes sense.
    retry: false,
  })
  const waiting = signedIn && query.data === undefined && !query.isError
  const [holding, holdLoading] = useMinimumDisplay(waiting, MIN_LOADING_MS)
  // Signed in while the page is open (its login card, another tab): the full data loads, visibly, from here.
  const [wasSignedIn, setWasSignedIn] = useState(signedIn)
  if (wasSignedIn !== signedIn) {
    setWasSignedIn(signedIn)
    if (signedIn) holdLoading()
  }

  const { refetch } = query
  // Focus and visibilitychange often come together: a load already on its way is joined, not restarted.
  const reloadCounts = useCallback(() => {
    if (!signedIn) return
    void refetch({ cancelRefetch: false })
    void queryClient.invalidateQueries({ queryKey: profileKeys.own() }, { cancelRefetch: false })
  }, [signedIn, refetch, queryClient])

  useAppEvent('token-updated', () => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.own() })
  })
  useAppEvent('need-login', () => {
    queryClient.removeQueries({ queryKey: profileKeys.own() })
  })

  useEffect(() => {
    function onVisible() {
      if (document.visibilityState === 'visible') reloadCounts()
    }
    window.addEventListener('focus', reloadCounts)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', reloadCounts)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [reloadCounts])

  useAutoRefresh(marker?.mode === 'secure')

  if (!signedIn) return { status: 'anonymous' }
  if (query.data && !holding) return { status: 'ready', user: query.data }
  if (query.isError && !holding) return { status: 'error', error: query.error, retry: () => void refetch() }
  return { status: 'loading' }
}

/**
 * True while `active`, and for at least `minimum` ms after it started (or after `hold()` is called,
 * e.g. right after signing in on the page, when the data is already there).
 */
export function useMinimumDisplay(active: boolean, minimum: number): [boolean, () => void] {
  const [until, setUntil] = useState(() => (active ? Date.now() + minimum : 0))
  const [, rerender] = useState(0)
  const wasActive = useRef(active)

  useEffect(() => {
    if (active && !wasActive.current) setUntil(Date.now() + minimum)
    wasActive.current = active
  }, [active, minimum])

  useEffect(() => {
    const left = until - Date.now()
    if (left <= 0) return
    const timer = window.setTimeout(() => rerender((n) => n + 1), left)
    return () => window.clearTimeout(timer)
  }, [until])

  const hold = useCallback(() => setUntil(Date.now() + minimum), [minimum])
  return [active || Date.now() < until, hold]
}
