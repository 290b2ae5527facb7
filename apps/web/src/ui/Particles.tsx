import { useEffect, useRef } from 'react'
import './Particles.css'

export interface ParticlesProps {
  /** Particles closer than this (px) are linked by a line; 120 on the error screen (spec §9). */
  linkDistance?: number
  /** Particles per 10 000 px² of area. */
  density?: number
}

interface Particle {
  x: number
  y: number
  vx: number
  vy: number
}

/**
 * A decorative drifting-particles background (canvas, aria-hidden). It fills its positioned parent,
 * takes its colour from `--particle-rgb`, stops when the tab is hidden and stays still for
 * people who ask for reduced motion.
 */
export function Particles({ linkDistance = 120, density = 0.9 }: ParticlesProps) {
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const node = canvas.current
    const context = node?.getContext('2d')
    if (!node || !context) return
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    let particles: Particle[] = []
    let width = 0
    let height = 0
    let frame = 0

    function resize() {
      if (!node || !context) return
      const ratio = window.devicePixelRatio || 1
      width = node.clientWidth
      height = node.clientHeight
      node.width = Math.round(width * ratio)
      node.height = Math.round(height * ratio)
      context.setTransform(ratio, 0, 0, ratio, 0, 0)
      const count = Math.min(120, Math.round(((width * height) / 10_000) * density))
      particles = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.4,
        vy: (Math.random() - 0.5) * 0.4,
      }))
    }

    function draw() {
      if (!node || !context) return
      const rgb = getComputedStyle(node).getPropertyValue('--particle-rgb').trim() || '47 84 201'
      context.clearRect(0, 0, width, height)
      for (const p of particles) {
        if (!still) {
          p.x += p.vx
          p.y += p.vy
          if (p.x < 0 || p.x > width) p.vx *= -1
          if (p.y < 0 || p.y > height) p.vy *= -1
        }
        context.fillStyle = `rgb(${rgb} / 0.55)`
        context.beginPath()
        context.arc(p.x, p.y, 2, 0, Math.PI * 2)
        context.fill()
      }
      for (let i = 0; i < particles.length; i++) {
        for (let j = i + 1; j < particles.length; j++) {
          const a = particles[i]
          const b = particles[j]
          const distance = Math.hypot(a.x - b.x, a.y - b.y)
          if (distance > linkDistance) continue
          context.strokeStyle = `rgb(${rgb} / ${0.35 * (1 - distance / linkDistance)})`
          context.lineWidth = 1
          context.beginPath()
          context.moveTo(a.x, a.y)
          context.lineTo(b.x, b.y)
          context.stroke()
        }
      }
      if (!still && !document.hidden) frame = requestAnimationFrame(draw)
    }

    function onVisibility() {
      cancelAnimationFrame(frame)
      if (!document.hidden) draw()
    }

    resize()
    draw()
    const observer = new ResizeObserver(() => {
      resize()
      if (still) draw()
    })
    observer.observe(node)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [linkDistance, density])

  return (
    <div className="particles" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  )
}
