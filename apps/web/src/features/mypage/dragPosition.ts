/** Where a dragged panel may sit: fully inside the viewport (pure, unit tested). */

export interface Point {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

/**
 * Keeps a box of `box` size at `at` inside `viewport`, `margin` px from each edge. A box larger than
 * the viewport keeps its top-left corner on screen (its header, where the drag handle is).
 */
export function clampToViewport(at: Point, box: Size, viewport: Size, margin = 8): Point {
  const maxX = Math.max(margin, viewport.width - box.width - margin)
  const maxY = Math.max(margin, viewport.height - box.height - margin)
  return {
    x: Math.round(Math.min(Math.max(at.x, margin), maxX)),
    y: Math.round(Math.min(Math.max(at.y, margin), maxY)),
  }
}

/** The top-left corner that centres the box in the viewport. */
export function centred(box: Size, viewport: Size): Point {
  return clampToViewport(
    { x: (viewport.width - box.width) / 2, y: (viewport.height - box.height) / 2 },
    box,
    viewport,
  )
}
