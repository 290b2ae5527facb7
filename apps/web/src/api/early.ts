import { getAuth } from './session'

declare global {
  interface Window {
    /** Answers of requests public/route-prefetch.js started before the app's code ran, by API path. */
    __agoraEarly?: Record<string, Promise<unknown>>
  }
}

/**
 * The answer of a request index.html started early (public/route-prefetch.js), taken once: the body,
 * or null when it failed or answered otherwise than 2xx (the caller then asks through the API client,
 * which reports the error). Null too for a signed-in visitor, whose requests need the API client's
 * session handling.
 *
 *   queryFn: async ({ signal }) => (await takeEarly<Post>(`/media/${id}`)) ?? getPost(id, signal)
 */
export async function takeEarly<T>(path: string): Promise<T | null> {
  const early = typeof window === 'undefined' ? undefined : window.__agoraEarly
  const answer = early?.[path]
  if (!answer) return null
  delete early[path]
  if (getAuth()) return null
  return ((await answer) as T | null) ?? null
}
