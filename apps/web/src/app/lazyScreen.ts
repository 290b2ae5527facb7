import type { ComponentType } from 'react'
import type { LoaderFunction } from 'react-router'
import { loadNamespaces } from '../i18n'

const RELOAD_FLAG = 'agora:chunk-reload'

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** A screen's code could not be fetched (typically: a deploy replaced the chunk this tab asks for). */
export class ScreenLoadError extends Error {
  override name = 'ScreenLoadError'
}

/** A screen's module: its component, and the route's `loader` where the screen has one. */
type ScreenModule<Name extends string> = Record<Name, ComponentType> & { loader?: LoaderFunction }

/**
 * A route's `lazy` loader for a screen module's named component export and the texts (i18n
 * namespaces beyond the shell's) its code uses, fetched beside it so the screen draws in words at once.
 * A module's `loader` export, if any, becomes the route's loader: it runs before the screen renders.
 *
 *   { path: 'post', lazy: lazyScreen(() => import('../features/post/PostPage'), 'PostPage', ['post']) }
 *
 * A failure reaches the route's error boundary as ScreenLoadError, which reloads the page once (see
 * `reloadOnce`); the reload happens there because only then does the address bar show the target.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<ScreenModule<Name>>,
  name: Name,
  namespaces: readonly string[] = [],
): () => Promise<{ Component: ComponentType; loader?: LoaderFunction }> {
  return async () => {
    let module: ScreenModule<Name>
    try {
      ;[module] = await Promise.all([load(), loadNamespaces(namespaces)])
    } catch (error) {
      throw new ScreenLoadError(error instanceof Error ? error.message : String(error), { cause: error })
    }
    storage()?.removeItem(RELOAD_FLAG)
    return module.loader ? { Component: module[name], loader: module.loader } : { Component: module[name] }
  }
}

/**
 * Reloads the page (fresh index.html, fresh chunk names) unless this tab just did so for the same
 * reason; returns whether it reloads. A second failure in a row shows the error screen, never a loop.
 */
export function reloadOnce(): boolean {
  if (reloadRequested) return true
  const flags = storage()
  if (!flags || flags.getItem(RELOAD_FLAG)) return false
  flags.setItem(RELOAD_FLAG, String(Date.now()))
  reloadRequested = true
  window.location.reload()
  return true
}

let reloadRequested = false
