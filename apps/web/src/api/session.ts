/**
 * The session as the API layer sees it. The session itself (web storage, cross-tab sync, the event
 * bus) belongs to the app shell, which sits above this layer: app/authState.ts implements this port
 * and main.tsx installs it at start-up with `configureSession(browserSession)`. Until then the API
 * client acts for an anonymous reader, as on the server that draws first screens (entry-server.tsx).
 */
import type { MeResponse, TokenResponse } from '@agora/contract'

export type SessionMode = 'secure' | 'compat'

export interface StoredAuth {
  mode: SessionMode
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number
  /** Compatibility mode only. */
  token: string | null
}

export type NeedLoginReason = 'unauthorized' | 'refresh-failed' | 'expired' | 'other-tab'

export interface SessionPort {
  /** The usable session marker now, or null when signed out. */
  getAuth(): StoredAuth | null
  /** Stores a login or refresh answer. */
  saveLogin(response: TokenResponse): StoredAuth
  /** Ends the local session; with a reason the user is asked to sign in again. */
  endSession(reason?: NeedLoginReason): void
  /** Remembers who is signed in (the cached basic info). */
  rememberMe(me: MeResponse): void
  /** This tab renewed the session through /auth/refresh. */
  sessionRenewed(expiresAt: number): void
}

const anonymous: SessionPort = {
  getAuth: () => null,
  saveLogin: () => {
    throw new Error('No session store: call configureSession() at start-up')
  },
  endSession: () => {},
  rememberMe: () => {},
  sessionRenewed: () => {},
}

let port: SessionPort = anonymous

/** Installs the app's session; called once at start-up (and by tests that exercise the client). */
export function configureSession(session: SessionPort) {
  port = session
}

export const getAuth = () => port.getAuth()
export const saveLogin = (response: TokenResponse) => port.saveLogin(response)
export const endSession = (reason?: NeedLoginReason) => port.endSession(reason)
export const rememberMe = (me: MeResponse) => port.rememberMe(me)
export const sessionRenewed = (expiresAt: number) => port.sessionRenewed(expiresAt)
