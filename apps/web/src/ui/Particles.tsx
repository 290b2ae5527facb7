import { useEffect, useRef } from 'react'
import './Particles.css'

export interface ParticlesProps {
  /** Particles closer than this (px) are linked by a line; 120 on the error screen (spec §9). */
  linkDistance?: number
  /** Particles per 10 000 px² of area. */
  density?: number
  /** Upper bound on the number of particles, whatever the area (linking is quadratic). */
  maxCount?: number
}

/** Links are drawn in this many strengths of the colour (one draw call each). */
const LINK_SHADES = 4

interface Particle {
  x: number
  y: number
  vx: number
  vy: number
  r: number
}

/**
 * A decorative drifting-particles background (canvas, aria-hidden) shared by the home hero, the
 * author header and the error screen. It fills its positioned parent and takes its colour from the
 * theme's `--particle-rgb`. It animates only while on screen and the tab is visible, and draws one
 * still frame for people who ask for reduced motion (followed live). Load it lazily where it is not
 * needed for the first paint:
 *
 *   const Particles = lazy(() => import('../../ui/Particles').then((m) => ({ default: m.Particles })))
 */
export function Particles({ linkDistance = 120, density = 1, maxCount = 80 }: ParticlesProps) {
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const node = canvas.current
    const context = node?.getContext('2d')
    if (!node || !context) return
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let particles: Particle[] = []
    let width = 0
    let height = 0
    let frame = 0
    let onScreen = true
    let rgb = colour()

    /** The theme's particle colour (reading styles every frame would cost a style recalculation each time). */
    function colour(): string {
      return (node && getComputedStyle(node).getPropertyValue('--particle-rgb').trim()) || '47 84 201'
    }

    function resize() {
      if (!node || !context) return
      const ratio = Math.min(window.devicePixelRatio || 1, 2)
      width = node.clientWidth
      height = node.clientHeight
      node.width = Math.round(width * ratio)
      node.height = Math.round(height * ratio)
      context.setTransform(ratio, 0, 0, ratio, 0, 0)
      const count = Math.min(maxCount, Math.round(((width * height) / 10_000) * density))
      particles = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.4,
        vy: (Math.random() - 0.5) * 0.4,
        r: 1.2 + Math.random() * 1.6,
      }))
    }

    function paint(move: boolean) {
      if (!node || !context) return
      context.clearRect(0, 0, width, height)
      // One path and one fill for every dot, one path per shade for the links: a handful of draw
      // calls a frame instead of one per line keeps each frame short on a slow phone.
      const dots = new Path2D()
      for (const p of particles) {
        if (move) {
          p.x += p.vx
          p.y += p.vy
          if (p.x < 0 || p.x > width) p.vx *= -1
          if (p.y < 0 || p.y > height) p.vy *= -1
        }
        dots.moveTo(p.x + p.r, p.y)
        dots.arc(p.x, p.y, p.r, 0, Math.PI * 2)
      }
      context.fillStyle = `rgb(${rgb} / 0.55)`
      context.fill(dots)
      const shades = Array.from({ length: LINK_SHADES }, () => new Path2D())
      const reach = linkDistance * linkDistance
      for (let i = 0; i < particles.length; i++) {
        for (let j = i + 1; j < particles.length; j++) {
          const a = particles[i]
          const b = particles[j]
          const squared = (a.x - b.x) ** 2 + (a.y - b.y) ** 2
          if (squared > reach) continue
          // Closer particles get a stronger line.
          const strength = 1 - Math.sqrt(squared) / linkDistance
          const shade = shades[Math.min(LINK_SHADES - 1, Math.floor(strength * LINK_SHADES))]
          shade.moveTo(a.x, a.y)
          shade.lineTo(b.x, b.y)
        }
      }
      context.lineWidth = 1
      shades.forEach((shade, index) => {
        context.strokeStyle = `rgb(${rgb} / ${(0.35 * (index + 0.5)) / LINK_SHADES})`
        context.stroke(shade)
      })
    }

    const animating = () => !motion.matches && onScreen && !document.hidden

    function tick() {
      paint(true)
      frame = animating() ? requestAnimationFrame(tick) : 0
    }

    /** Starts or stops the loop after anything that changes whether it should run. */
    function update() {
      cancelAnimationFrame(frame)
      frame = 0
      const running = animating()
      if (running) frame = requestAnimationFrame(tick)
      else paint(false)
      // Says which it is, for the browser tests and for anyone looking in devtools.
      if (node) node.dataset.motion = running ? 'running' : 'still'
    }

    resize()
    update()
    const resizeObserver = new ResizeObserver(() => {
      resize()
      update()
    })
    resizeObserver.observe(node)
    const visibility = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true
      update()
    })
    visibility.observe(node)
    document.addEventListener('visibilitychange', update)
    motion.addEventListener('change', update)
    // A theme switch changes --particle-rgb: repaint the still frame in the new colour.
    const themeObserver = new MutationObserver(() => {
      rgb = colour()
      if (!frame) paint(false)
    })
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => {
      cancelAnimationFrame(frame)
      resizeObserver.disconnect()
      visibility.disconnect()
      themeObserver.disconnect()
      document.removeEventListener('visibilitychange', update)
      motion.removeEventListener('change', update)
    }
  }, [linkDistance, density, maxCount])

  return (
    <div className="particles" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  )
}
