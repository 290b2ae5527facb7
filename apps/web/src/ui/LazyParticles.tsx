import { type ComponentType, lazy, Suspense } from 'react'
import type { ParticlesProps } from './Particles'
import { useAfterLoad } from './useAfterLoad'

// The canvas code loads only where particles show. It is decoration: if its chunk cannot load
// (offline, a deploy in between), nothing shows instead — the error screen must never fail on it.
const Loaded = lazy<ComponentType<ParticlesProps>>(() =>
  import('./Particles')
    .then((module) => ({ default: module.Particles }))
    .catch(() => ({ default: () => null })),
)

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
