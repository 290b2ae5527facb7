/**
 * The last screen a reader was on before the sign-in pages, kept for this tab (sessionStorage), so
 * signing in at /login returns there also when /login was typed into the address bar.
 */
const KEY = 'agora:last-place'

/** Screens that are about signing in, never a place to return to. */
const ACCOUNT_PATHS = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
])

type PlaceStorage = Pick<Storage, 'getItem' | 'setItem'>

function sessionStore(): PlaceStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** Remembers `path` (pathname, search and hash) unless it is one of the sign-in screens. */
export function rememberPlace(pathname: string, rest = '', storage = sessionStore()): void {
  if (ACCOUNT_PATHS.has(pathname)) return
  try {
    storage?.setItem(KEY, `${pathname}${rest}`)
  } catch {
    // Storage full or refused: signing in then lands on the home page, as before.
  }
}

/** The last place remembered in this tab, or null. */
export function lastPlace(storage = sessionStore()): string | null {
  try {
    return storage?.getItem(KEY) ?? null
  } catch {
    return null
  }
}
