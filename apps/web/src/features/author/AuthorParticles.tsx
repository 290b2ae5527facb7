import { useEffect, useRef } from 'react'

interface Dot {
  x: number
  y: number
  vx: number
  vy: number
  r: number
}

const LINK_DISTANCE = 110
const MAX_DOTS = 48

/**
 * The author header's drifting particles (decoration only: aria-hidden). Loaded lazily with the
 * header; draws only while the header is on screen and the tab is visible, and draws one still frame
 * for people who ask for reduced motion. Colour from the theme's `--particle-rgb`.
 */
export function AuthorParticles() {
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const node = canvas.current
    const context = node?.getContext('2d')
    if (!node || !context) return
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let dots: Dot[] = []
    let width = 0
    let height = 0
    let frame = 0
    let onScreen = true

    function resize() {
      if (!node || !context) return
      const ratio = Math.min(window.devicePixelRatio || 1, 2)
      width = node.clientWidth
      height = node.clientHeight
      node.width = Math.round(width * ratio)
      node.height = Math.round(height * ratio)
      context.setTransform(ratio, 0, 0, ratio, 0, 0)
      const count = Math.min(MAX_DOTS, Math.round((width * height) / 9_000))
      dots = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        vx: (Math.random() - 0.5) * 0.35,
        vy: (Math.random() - 0.5) * 0.35,
        r: 1.2 + Math.random() * 1.6,
      }))
    }

    function paint(move: boolean) {
      if (!node || !context) return
      const rgb = getComputedStyle(node).getPropertyValue('--particle-rgb').trim() || '47 84 201'
      context.clearRect(0, 0, width, height)
      for (const dot of dots) {
        if (move) {
          dot.x += dot.vx
          dot.y += dot.vy
          if (dot.x < 0 || dot.x > width) dot.vx *= -1
          if (dot.y < 0 || dot.y > height) dot.vy *= -1
        }
        context.fillStyle = `rgb(${rgb} / 0.5)`
        context.beginPath()
        context.arc(dot.x, dot.y, dot.r, 0, Math.PI * 2)
        context.fill()
      }
      context.lineWidth = 1
      for (let i = 0; i < dots.length; i++) {
        for (let j = i + 1; j < dots.length; j++) {
          const distance = Math.hypot(dots[i].x - dots[j].x, dots[i].y - dots[j].y)
          if (distance > LINK_DISTANCE) continue
          context.strokeStyle = `rgb(${rgb} / ${0.3 * (1 - distance / LINK_DISTANCE)})`
          context.beginPath()
          context.moveTo(dots[i].x, dots[i].y)
          context.lineTo(dots[j].x, dots[j].y)
          context.stroke()
        }
      }
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
      if (animating()) frame = requestAnimationFrame(tick)
      else paint(false)
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
    return () => {
      cancelAnimationFrame(frame)
      resizeObserver.disconnect()
      visibility.disconnect()
      document.removeEventListener('visibilitychange', update)
      motion.removeEventListener('change', update)
    }
  }, [])

  return (
    <div className="author-header__particles" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  )
}
