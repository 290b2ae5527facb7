import { useCallback, useSyncExternalStore } from 'react'

/**
 * The public IPFS gateway "Open through an IPFS gateway" links to: `VITE_IPFS_GATEWAY` when
 * the app was built, else https://ipfs.io; a reader may choose another, kept in this browser.
 */
export const DEFAULT_IPFS_GATEWAY =
  normaliseGateway(import.meta.env.VITE_IPFS_GATEWAY ?? '') ?? 'https://ipfs.io'
const STORAGE_KEY = 'agora.ipfsGateway'
const listeners = new Set<() => void>()

/** An http(s) address without a trailing slash, or null when `text` is none. */
export function normaliseGateway(text: string): string | null {
  try {
    const url = new URL(text.trim())
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    if (url.search || url.hash || url.username || url.password) return null
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return null
  }
}

function storedGateway(): string {
  try {
    return normaliseGateway(window.localStorage.getItem(STORAGE_KEY) ?? '') ?? DEFAULT_IPFS_GATEWAY
  } catch {
    return DEFAULT_IPFS_GATEWAY
  }
}

/** Where `cid` opens on `gateway` (a path gateway: {gateway}/ipfs/{cid}). */
export function gatewayLink(gateway: string, cid: string): string {
  return `${gateway}/ipfs/${encodeURIComponent(cid)}`
}

/** The gateway this reader chose (or the default), and a way to choose another (null: the default). */
export function useIpfsGateway() {
  const gateway = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    storedGateway,
    () => DEFAULT_IPFS_GATEWAY,
  )
  const choose = useCallback((next: string | null) => {
    try {
      if (next === null || next === DEFAULT_IPFS_GATEWAY) window.localStorage.removeItem(STORAGE_KEY)
      else window.localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Storage refused (private mode): the choice lasts as long as nothing re-reads it.
    }
    for (const listener of listeners) listener()
  }, [])
  return { gateway, choose }
}
