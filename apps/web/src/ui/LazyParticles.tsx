import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react'
import type { ParticlesProps } from './Particles'

// The canvas code loads only where particles show. It is decoration: if its chunk cannot load
// (offline, a deploy in between), nothing shows instead — the error screen must never fail on it.
const Loaded = lazy<ComponentType<ParticlesProps>>(() =>
  import('./Particles')
    .then((module) => ({ default: module.Particles }))
    .catch(() => ({ default: () => null })),
)

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
 * True once the page has loaded and the browser is idle. Downloading and animating the particles
 * before that would compete with the page's own content for the main thread (first paint, blocking time).
 */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let cancelIdle = () => {}
    const start = () => {
      cancelIdle = whenIdle(() => setReady(true))
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

/** The particle background, loaded once the page is idle after its first load. */
export function LazyParticles(props: ParticlesProps) {
  const ready = useAfterLoad()
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  )
}
