/**
 * The browser's session state: binds the pure functions of session.ts to localStorage/sessionStorage,
 * keeps a subscribable snapshot for React (`useAuthMarker`), and raises the session events of
 * product-spec §4: need-login when the session ends, token-updated when another tab stores one.
 */
import type { TokenResponse } from '@agora/contract'
import { useSyncExternalStore } from 'react'
import type { SessionPort } from '../api/session'
import { appEvents, type NeedLoginReason } from './events'
import {
  ACCESS_TOKEN_KEY,
  AUTH_MODE_KEY,
  type BasicUserInfo,
  clearAuth,
  currentAuth,
  forgetUser,
  type MeLike,
  memoryStorage,
  readAuth,
  readBasicInfo,
  rememberUser,
  type StoredAuth,
  TOKEN_EXPIRY_KEY,
  tokenStatus,
  writeAuth,
} from './session'

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const storage = window[kind]
    storage.getItem(AUTH_MODE_KEY)
    return storage
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): the session lasts as long as the page.
    return memoryStorage()
  }
}

const local = browserStorage('localStorage')
const session = browserStorage('sessionStorage')

let snapshot: StoredAuth | null = readAuth(local)
const listeners = new Set<() => void>()

function sameAuth(a: StoredAuth | null, b: StoredAuth | null) {
  return a?.mode === b?.mode && a?.expiresAt === b?.expiresAt && a?.token === b?.token
}

function publish(next: StoredAuth | null) {
  if (sameAuth(next, snapshot)) return
  snapshot = next
  for (const listener of listeners) listener()
}

/** The usable session marker now (an expired compatibility token is cleared on the way). */
export function getAuth(): StoredAuth | null {
  const auth = currentAuth(local, Date.now())
  publish(auth)
  return auth
}

/** Stores a login or refresh answer and tells subscribers. */
export function saveLogin(response: TokenResponse): StoredAuth {
  const auth = writeAuth(local, response, Date.now())
  publish(auth)
  return auth
}

/**
 * Ends the local session: marker, cached user, own-page caches. With a reason, need-login is raised
 * (the login modal opens); without one (a deliberate logout) it is not.
 */
export function endSession(reason?: NeedLoginReason) {
  const hadSession = snapshot !== null
  clearAuth(local)
  forgetUser(local, session)
  publish(null)
  if (reason && (hadSession || reason === 'unauthorized')) appEvents.emit('need-login', { reason })
}

export function rememberMe(me: MeLike): BasicUserInfo {
  return rememberUser(local, session, me, Date.now())
}

/** The cached basic info of the signed-in user (8 h lifetime), or null. */
export function cachedUser(): BasicUserInfo | null {
  return snapshot ? readBasicInfo(session, Date.now()) : null
}

/** The session as the API layer uses it (api/session.ts); main.tsx installs it at start-up. */
export const browserSession: SessionPort = {
  getAuth,
  saveLogin,
  endSession,
  rememberMe,
  sessionRenewed: (expiresAt) => appEvents.emit('token-refreshed', { expiresAt }),
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The session marker as React state: null when signed out. On the server (its first screens,
 * entry-server.tsx) nobody is signed in: it draws pages as any reader sees them.
 */
export function useAuthMarker(): StoredAuth | null {
  return useSyncExternalStore(subscribeAuth, () => snapshot, signedOut)
}

const signedOut = () => null

const WATCH_INTERVAL_MS = 30_000

/**
 * Starts the session's background duties; returns a stop function. Called once by the app shell.
 * - cross-tab sync through `storage` events;
 * - clears an expired compatibility token (need-login) and warns once when it has under 5 minutes.
 */
export function startSessionWatch(): () => void {
  let warnedFor = 0

  function onStorage(event: StorageEvent) {
    if (event.storageArea !== local) return
    if (event.key !== null && ![AUTH_MODE_KEY, TOKEN_EXPIRY_KEY, ACCESS_TOKEN_KEY].includes(event.key)) return
    const before = snapshot
    const after = readAuth(local)
    publish(after)
    if (before && !after) {
      // Signed out elsewhere: this tab's session-storage copy of the user goes too.
      forgetUser(local, session)
      appEvents.emit('need-login', { reason: 'other-tab' })
    } else if (after && after.expiresAt !== before?.expiresAt) {
      appEvents.emit('token-updated', { expiresAt: after.expiresAt })
    }
  }

  function check() {
    const before = snapshot
    const auth = getAuth()
    if (before && !auth) {
      forgetUser(local, session)
      appEvents.emit('need-login', { reason: 'expired' })
      return
    }
    if (
      auth?.mode === 'compat' &&
      tokenStatus(auth, Date.now()) === 'expiring' &&
      warnedFor !== auth.expiresAt
    ) {
      warnedFor = auth.expiresAt
      appEvents.emit('token-expiring', { expiresAt: auth.expiresAt })
    }
  }

  window.addEventListener('storage', onStorage)
  const timer = window.setInterval(check, WATCH_INTERVAL_MS)
  check()
  return () => {
    window.removeEventListener('storage', onStorage)
    window.clearInterval(timer)
  }
}
