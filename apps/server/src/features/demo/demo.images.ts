import { PNG } from 'pngjs'

type Rgb = [number, number, number]

/** A tiny raster canvas: enough to draw the demo's charts and pictures without a native library. */
class Canvas {
  readonly png: PNG
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.png = new PNG({ width, height })
    this.fillRect(0, 0, width, height, background)
  }

  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    const px = Math.round(x)
    const py = Math.round(y)
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return
    const i = (py * this.width + px) * 4
    const data = this.png.data
    data[i] = data[i] * (1 - alpha) + r * alpha
    data[i + 1] = data[i + 1] * (1 - alpha) + g * alpha
    data[i + 2] = data[i + 2] * (1 - alpha) + b * alpha
    data[i + 3] = 255
  }

  fillRect(x0: number, y0: number, w: number, h: number, color: Rgb) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, x0 + w); x++) this.set(x, y, color)
    }
  }

  disc(cx: number, cy: number, radius: number, color: Rgb, alpha = 1) {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
      for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
        const d = Math.hypot(x - cx, y - cy)
        if (d <= radius) this.set(x, y, color, alpha * Math.min(1, radius - d + 0.5))
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb, width = 1) {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2) || 1
    for (let s = 0; s <= steps; s++) {
      const t = s / steps
      this.disc(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, width / 2, color)
    }
  }

  toBuffer(): Buffer {
    return PNG.sync.write(this.png)
  }
}

/** A deterministic pseudo-random sequence (mulberry32), so the demo files are the same every time. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296
  }
}

/** Viridis-like colour ramp for heat maps, t in [0, 1]. */
function ramp(t: number): Rgb {
  const stops: Rgb[] = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ]
  const x = Math.min(0.9999, Math.max(0, t)) * (stops.length - 1)
  const i = Math.floor(x)
  const f = x - i
  return stops[i].map((c, k) => c + (stops[i + 1][k] - c) * f) as Rgb
}

const INK: Rgb = [30, 41, 59]
const GRID: Rgb = [226, 232, 240]
const WHITE: Rgb = [255, 255, 255]

function axes(canvas: Canvas, left: number, top: number, right: number, bottom: number) {
  for (let i = 0; i <= 5; i++) {
    const y = top + ((bottom - top) * i) / 5
    canvas.line(left, y, right, y, GRID)
  }
  canvas.line(left, bottom, right, bottom, INK, 2)
  canvas.line(left, top, left, bottom, INK, 2)
}

/** A brain-slice-like activation map: an elliptic mask with a few Gaussian hot spots. */
export function activationMap(): Buffer {
  const canvas = new Canvas(480, 360, [12, 12, 20])
  const spots = [
    { x: 0.36, y: 0.62, s: 0.07, a: 1 },
    { x: 0.64, y: 0.6, s: 0.06, a: 0.85 },
    { x: 0.5, y: 0.3, s: 0.09, a: 0.55 },
  ]
  for (let py = 0; py < canvas.height; py++) {
    for (let px = 0; px < canvas.width; px++) {
      const x = px / canvas.width
      const y = py / canvas.height
      const inside = ((x - 0.5) / 0.42) ** 2 + ((y - 0.5) / 0.44) ** 2
      if (inside > 1) continue
      const tissue = 70 + 40 * Math.sin(x * 40) * Math.cos(y * 35) * (1 - inside)
      canvas.set(px, py, [tissue, tissue, tissue + 10])
      const heat = spots.reduce(
        (sum, s) => sum + s.a * Math.exp(-((x - s.x) ** 2 + (y - s.y) ** 2) / (2 * s.s ** 2)),
        0,
      )
      if (heat > 0.2) canvas.set(px, py, ramp(heat), Math.min(1, (heat - 0.2) * 2))
    }
  }
  for (let i = 0; i < 200; i++) canvas.fillRect(440, 60 + i, 16, 1, ramp(1 - i / 200))
  return canvas.toBuffer()
}

/** A line chart of a noisy warming trend (synthetic numbers, for the demo only). */
export function temperatureChart(): Buffer {
  const canvas = new Canvas(560, 320, WHITE)
  const [left, top, right, bottom] = [50, 20, 540, 290]
  axes(canvas, left, top, right, bottom)
  const next = random(1900)
  const years = 121
  let previous: [number, number] | null = null
  let smooth: [number, number] | null = null
  let mean = 0
  for (let i = 0; i < years; i++) {
    const trend = -0.3 + 1.3 * (i / years) ** 2.2
    const value = trend + (next() - 0.5) * 0.35
    mean = i === 0 ? value : mean * 0.85 + value * 0.15
    const x = left + ((right - left) * i) / (years - 1)
    const y = (v: number) => bottom - ((v + 0.6) / 1.8) * (bottom - top)
    canvas.disc(x, y(value), 2, [148, 163, 184])
    if (previous) canvas.line(previous[0], previous[1], x, y(value), [203, 213, 225])
    if (smooth) canvas.line(smooth[0], smooth[1], x, y(mean), [220, 38, 38], 3)
    previous = [x, y(value)]
    smooth = [x, y(mean)]
  }
  return canvas.toBuffer()
}

/** Bars of a made-up comparison, in the forum's palette. */
export function barChart(values: number[]): Buffer {
  const canvas = new Canvas(520, 320, WHITE)
  const [left, top, right, bottom] = [40, 20, 500, 290]
  axes(canvas, left, top, right, bottom)
  const max = Math.max(...values)
  const width = (right - left) / values.length
  const colors: Rgb[] = [
    [99, 102, 241],
    [14, 165, 233],
    [16, 185, 129],
    [245, 158, 11],
    [239, 68, 68],
    [168, 85, 247],
  ]
  values.forEach((value, i) => {
    const h = (value / max) * (bottom - top - 10)
    canvas.fillRect(left + i * width + width * 0.15, bottom - h, width * 0.7, h, colors[i % colors.length])
  })
  return canvas.toBuffer()
}

/** Cells under a microscope: soft discs with nuclei on a phase-contrast background. */
export function microscopy(): Buffer {
  const canvas = new Canvas(480, 360, [214, 222, 206])
  const next = random(42)
  for (let i = 0; i < 60; i++) {
    const x = next() * 480
    const y = next() * 360
    const r = 10 + next() * 18
    canvas.disc(x, y, r + 3, [120, 140, 110], 0.35)
    canvas.disc(x, y, r, [236, 240, 230], 0.9)
    canvas.disc(x + (next() - 0.5) * r * 0.5, y + (next() - 0.5) * r * 0.5, r * 0.35, [88, 70, 140], 0.8)
  }
  return canvas.toBuffer()
}

/** The Lorenz attractor (σ = 10, ρ = 28, β = 8/3) projected on the x–z plane. */
export function lorenzAttractor(): Buffer {
  const canvas = new Canvas(480, 360, [15, 23, 42])
  let [x, y, z] = [0.1, 0, 0]
  const dt = 0.005
  let previous: [number, number] | null = null
  for (let i = 0; i < 16_000; i++) {
    const dx = 10 * (y - x)
    const dy = x * (28 - z) - y
    const dz = x * y - (8 / 3) * z
    x += dx * dt
    y += dy * dt
    z += dz * dt
    const point: [number, number] = [240 + x * 8, 340 - z * 6]
    const t = i / 16_000
    if (previous && i > 100) canvas.line(previous[0], previous[1], point[0], point[1], ramp(0.2 + 0.8 * t))
    previous = point
  }
  return canvas.toBuffer()
}
