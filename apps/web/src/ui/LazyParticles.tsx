import { type ComponentType, lazy, Suspense } from 'react'
import type { ParticlesProps } from './Particles'

// The canvas code loads only where particles show. It is decoration: if its chunk cannot load
// (offline, a deploy in between), nothing shows instead — the error screen must never fail on it.
const Loaded = lazy<ComponentType<ParticlesProps>>(() =>
  import('./Particles')
    .then((module) => ({ default: module.Particles }))
    .catch(() => ({ default: () => null })),
)

/** The particle background, loaded on first use. */
export function LazyParticles(props: ParticlesProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  )
}
