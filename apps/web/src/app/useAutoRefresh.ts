import { useEffect } from 'react'
import { refreshSession } from '../api/client'
import { endSession, getAuth } from './authState'

/** Spec §9: while the own profile page is open, a secure-mode session is renewed every 10 minutes. */
export const AUTO_REFRESH_MS = 10 * 60_000

/**
 * Renews the secure-mode session on a timer while the calling screen is mounted (the own profile
 * page); stops when it unmounts. A failed renewal ends the session and raises need-login.
 */
export function useAutoRefresh(enabled = true) {
  useEffect(() => {
    if (!enabled) return
    const timer = window.setInterval(async () => {
      if (getAuth()?.mode !== 'secure') return
      if (!(await refreshSession())) endSession('refresh-failed')
    }, AUTO_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [enabled])
}
