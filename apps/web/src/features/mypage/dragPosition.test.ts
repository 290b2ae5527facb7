import { describe, expect, it } from 'vitest'
import { centred, clampToViewport } from './dragPosition'

const viewport = { width: 1000, height: 800 }
const box = { width: 300, height: 200 }

describe('clampToViewport', () => {
  it('leaves a position inside the viewport alone', () => {
    expect(clampToViewport({ x: 100, y: 50 }, box, viewport)).toEqual({ x: 100, y: 50 })
  })

  it('pulls a box dragged past any edge back inside, with the margin', () => {
    expect(clampToViewport({ x: -50, y: -10 }, box, viewport)).toEqual({ x: 8, y: 8 })
    expect(clampToViewport({ x: 900, y: 750 }, box, viewport)).toEqual({ x: 692, y: 592 })
  })

  it('keeps the top-left corner (the handle) on screen when the box is bigger than the viewport', () => {
    expect(
      clampToViewport({ x: 40, y: 40 }, { width: 400, height: 900 }, { width: 375, height: 667 }),
    ).toEqual({
      x: 8,
      y: 8,
    })
  })
})

describe('centred', () => {
  it('centres the box', () => {
    expect(centred(box, viewport)).toEqual({ x: 350, y: 300 })
  })
})
