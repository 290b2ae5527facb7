import { type CSSProperties, type RefObject, useEffect, useRef, useState } from 'react'

/** Spec §9: scroll animations last 1000 ms, play once, and start 100 px after the element enters. */
export const REVEAL_DURATION_MS = 1000
export const REVEAL_OFFSET_PX = 100

/**
 * 'static': never animated (reduced motion, or no IntersectionObserver); 'waiting': not yet
 * scrolled to, drawn invisible; 'shown': revealed, for good.
 */
export type RevealState = 'static' | 'waiting' | 'shown'

function prefersStill(): boolean {
  return (
    typeof IntersectionObserver === 'undefined' ||
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/**
 * Reveals an element once, when its top has come 100 px into the viewport (or it was scrolled
 * past). Spread the returned `data-reveal` on the element; the CSS (`[data-reveal]`) does the motion,
 * so nothing re-renders per frame and input is never blocked.
 */
export function useReveal<T extends Element>(): { ref: RefObject<T | null>; 'data-reveal': RevealState } {
  const ref = useRef<T>(null)
  const [state, setState] = useState<RevealState>(() => (prefersStill() ? 'static' : 'waiting'))

  useEffect(() => {
    const node = ref.current
    if (state !== 'waiting' || !node) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        if (entry.isIntersecting || entry.boundingClientRect.bottom < 0) {
          setState('shown')
          observer.disconnect()
        }
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [state])

  return { ref, 'data-reveal': state }
}

/** Style that holds back an element's reveal, for staggered entrances. */
export function revealDelay(ms: number): CSSProperties {
  return { '--reveal-delay': `${ms}ms` } as CSSProperties
}
