import type { ComponentType } from 'react'

const RELOAD_FLAG = 'agora:chunk-reload'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * A route's `lazy` loader for a screen module's named component export. After a deploy, an open tab
 * may ask for a chunk that no longer exists: the first failure reloads the page (fresh index.html,
 * fresh chunk names); a second failure in a row reaches the route's error screen instead of looping.
 *
 *   { path: 'forum', lazy: lazyScreen(() => import('../features/forum/ForumListPage'), 'ForumListPage') }
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await load()
      storage()?.removeItem(RELOAD_FLAG)
      return { Component: module[name] }
    } catch (error) {
      const flags = storage()
      if (flags && !flags.getItem(RELOAD_FLAG)) {
        flags.setItem(RELOAD_FLAG, String(Date.now()))
        window.location.reload()
        // Never settles: the page is going away.
        return new Promise<never>(() => {})
      }
      throw error
    }
  }
}
