import { useEffect, useRef } from 'react'

export interface InfiniteScrollTriggerProps {
  /** Whether reaching the trigger may load: false while a page loads, at the end, or after a failure. */
  enabled: boolean
  onReach: () => void
  /** Changes after each load, so a trigger still in view asks again (short pages on a tall screen). */
  generation: number
}

/**
 * An invisible line under a list: when it comes within 400 px of the viewport, `onReach` is called once.
 * The Load More button next to it does the same for keyboard users and browsers without the observer.
 */
export function InfiniteScrollTrigger({ enabled, onReach, generation }: InfiniteScrollTriggerProps) {
  const line = useRef<HTMLDivElement>(null)
  const reach = useRef(onReach)
  useEffect(() => {
    reach.current = onReach
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation re-observes on purpose.
  useEffect(() => {
    const node = line.current
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return
    let fired = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (fired || !entries.some((entry) => entry.isIntersecting)) return
        fired = true
        reach.current()
      },
      { rootMargin: '0px 0px 400px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [enabled, generation])

  return <div ref={line} className="infinite-trigger" aria-hidden="true" />
}
