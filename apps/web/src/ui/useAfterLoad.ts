import { startTransition, useEffect, useState } from 'react'

/** Runs `callback` once the browser has nothing more urgent to do (Safari has no requestIdleCallback). */
function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 200)
  return () => clearTimeout(handle)
}

/**
 * True once the page has loaded and the browser is idle. For code that is not needed for the first
 * paint: downloading and running it earlier would compete with the page's own content for the
 * network and the main thread (first and largest paint, blocking time).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let cancelIdle = () => {}
    const start = () => {
      // A transition: what the late code draws is rendered in slices, between which the reader is answered.
      cancelIdle = whenIdle(() => startTransition(() => setReady(true)))
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => {
      window.removeEventListener('load', start)
      cancelIdle()
    }
  }, [])
  return ready
}
