import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'
import { centred, clampToViewport, type Point } from './dragPosition'

const KEY_STEP = 16
const KEY_STEP_LARGE = 64

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight })
const sizeOf = (node: HTMLElement) => ({ width: node.offsetWidth, height: node.offsetHeight })

/**
 * Where a panel that can be moved sits: dragged by its header with mouse, pen or touch (pointer
 * handlers for the header), or by a grip button's arrow keys (Shift for larger steps), and never
 * outside the viewport, even when the window gets smaller while `shown`.
 */
export function useDragPosition(panel: RefObject<HTMLElement | null>, shown: boolean) {
  const [position, setPosition] = useState<Point | null>(null)
  const drag = useRef<{ pointerId: number; offset: Point } | null>(null)

  const place = useCallback(
    (at: Point) => {
      const node = panel.current
      if (!node) return
      setPosition(clampToViewport(at, sizeOf(node), viewport()))
    },
    [panel],
  )

  /** Starts the panel in the middle of the viewport. */
  const centre = useCallback(() => {
    const node = panel.current
    if (node) setPosition(centred(sizeOf(node), viewport()))
  }, [panel])

  // A smaller window (rotation, resize) must not leave the panel outside it.
  useEffect(() => {
    if (!shown) return
    const onResize = () =>
      setPosition((at) => (at && panel.current ? clampToViewport(at, sizeOf(panel.current), viewport()) : at))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [shown, panel])

  function startDrag(event: PointerEvent<HTMLElement>) {
    if (event.button !== 0 || !position) return
    if ((event.target as HTMLElement).closest('button:not(.settings-panel__grip), input, a')) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = {
      pointerId: event.pointerId,
      offset: { x: event.clientX - position.x, y: event.clientY - position.y },
    }
  }

  function moveDrag(event: PointerEvent<HTMLElement>) {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    place({ x: event.clientX - current.offset.x, y: event.clientY - current.offset.y })
  }

  function endDrag(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return
    drag.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId)
  }

  function moveByKeys(event: KeyboardEvent<HTMLButtonElement>) {
    if (!position) return
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    place({ x: position.x + move.x, y: position.y + move.y })
  }

  return {
    position,
    centre,
    /** For the header the panel is dragged by. */
    handle: {
      onPointerDown: startDrag,
      onPointerMove: moveDrag,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
    },
    /** For the grip button: its arrow keys move the panel. */
    onGripKeyDown: moveByKeys,
  }
}
