/**
 * A tiny typed event bus for things that cross screens and modules without React context:
 * session changes raised by the API client and cross-tab sync. (Toasts have their own channel, ui/toast.ts.)
 *
 *   const off = appEvents.on('need-login', ({ reason }) => ...)
 *   appEvents.emit('need-login', { reason: 'expired' })
 *
 * In components prefer `useAppEvent(name, handler)` (src/app/useAppEvent.ts), which unsubscribes itself.
 */

import type { NeedLoginReason } from '../api/session'

export type { NeedLoginReason }

export interface AppEventMap {
  /** The session is gone (401 that refresh could not fix, expiry, logout in another tab). Opens the login modal. */
  'need-login': { reason: NeedLoginReason }
  /** Another tab stored a new session (login or refresh there). */
  'token-updated': { expiresAt: number }
  /** This tab renewed the session through /auth/refresh. */
  'token-refreshed': { expiresAt: number }
  /** Compatibility-mode token has less than 5 minutes left (it cannot be refreshed). */
  'token-expiring': { expiresAt: number }
}

type Handler<K extends keyof AppEventMap> = (payload: AppEventMap[K]) => void

export function createEventBus() {
  const handlers = new Map<keyof AppEventMap, Set<Handler<never>>>()
  return {
    on<K extends keyof AppEventMap>(name: K, handler: Handler<K>): () => void {
      let set = handlers.get(name)
      if (!set) {
        set = new Set()
        handlers.set(name, set)
      }
      set.add(handler as Handler<never>)
      return () => set.delete(handler as Handler<never>)
    },
    emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]) {
      // Copy first: a handler may unsubscribe itself while we iterate.
      for (const handler of [...(handlers.get(name) ?? [])]) {
        try {
          ;(handler as Handler<K>)(payload)
        } catch (error) {
          console.error(`Handler for "${name}" failed`, error)
        }
      }
    },
  }
}

export const appEvents = createEventBus()
