import { getAuth, type StoredAuth } from './session'

declare global {
  interface Window {
    /** Answers of requests public/route-prefetch.js started before the app's code ran, by API path. */
    __agoraEarly?: Record<string, Promise<unknown>>
    /** The session those requests were asked with (`earlySession`), null for an anonymous visitor. */
    __agoraEarlyAs?: string | null
  }
}

/** How public/route-prefetch.js names the session marker it asked with. */
export const earlySession = (auth: StoredAuth | null): string | null =>
  auth ? `${auth.mode} ${auth.expiresAt}` : null

/**
 * The answer of a request index.html started early (public/route-prefetch.js), taken once: the body,
 * or null when it failed or answered otherwise than 2xx (the caller then asks through the API client,
 * which renews a session and reports the error). Null too when the session is no longer the one it
 * was asked with (a sign-in, a sign-out or a renewal since): its viewer's marks may not be this one's.
 *
 *   queryFn: async ({ signal }) => (await takeEarly<Post>(`/media/${id}`)) ?? getPost(id, signal)
 */
export async function takeEarly<T>(path: string): Promise<T | null> {
  const early = typeof window === 'undefined' ? undefined : window.__agoraEarly
  const answer = early?.[path]
  if (!answer) return null
  delete early[path]
  if (earlySession(getAuth()) !== (window.__agoraEarlyAs ?? null)) return null
  return ((await answer) as T | null) ?? null
}
