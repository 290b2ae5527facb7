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

/** Whether index.html started a request for `path` (public/route-prefetch.js) that is not taken yet. */
function hasEarly(path: string): boolean {
  return typeof window !== 'undefined' && window.__agoraEarly?.[path] !== undefined
}

/** How long a screen waits at most for the answers index.html asked for before it renders without them. */
export const EARLY_WAIT_MS = 2000

/**
 * A screen's route loader (app/lazyScreen.ts) for the visit's first page: when index.html asked for
 * `path` early, the screen's first render waits for `load` (which puts the early answers into the
 * query cache) so that render draws the content, but never longer than EARLY_WAIT_MS: a request that
 * hangs must not keep the app from taking over (the screen then shows it loading, as on any visit).
 * Null at once on any later visit.
 */
export function waitForEarly(path: string, load: () => Promise<unknown>): Promise<null> | null {
  if (!hasEarly(path)) return null
  return new Promise((resolve) => {
    const deadline = setTimeout(() => resolve(null), EARLY_WAIT_MS)
    void load().finally(() => {
      clearTimeout(deadline)
      resolve(null)
    })
  })
}

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
