import { useLayoutEffect } from 'react'

/**
 * index.html's static shell (#static-shell): the header's bar, painted before any JavaScript has run,
 * and on some pages the screen's content drawn in by the server (a post's title, author, picture and
 * text: apps/server/src/features/pages/first-screen.ts). The app is hidden (display: none, base.css)
 * while the shell holds such a first screen, and the two are swapped in one frame once the screen
 * has drawn the same content, so the reader never sees the content go and come back.
 */
function shell(): HTMLElement | null {
  return document.getElementById('static-shell')
}

/** The path whose first screen the shell holds, or null when it holds only the bar (or is gone). */
export function firstScreenPath(): string | null {
  return shell()?.dataset.firstScreen ?? null
}

/** Removes the shell: the app is shown from this frame on. */
export function releaseStaticShell() {
  shell()?.remove()
}

/**
 * How long a running app leaves a drawn screen up waiting for its own to show the same: past it the
 * app is shown as it is (loading, say), because the drawn screen is inert and a reader cannot use
 * it, and a drawn page must never stay inert forever.
 */
export const HANDOVER_DEADLINE_MS = 6000

/**
 * For a screen the server may draw first: hands over from the shell once `drawn` (the screen shows
 * its content, or its own error or "not found"), before the browser paints.
 *
 *   useStaticShellHandover(!post.isPending)
 */
export function useStaticShellHandover(drawn: boolean) {
  useLayoutEffect(() => {
    if (drawn) releaseStaticShell()
  }, [drawn])
}
