import { type RefObject, useEffect } from 'react'

/**
 * Closes a popup (menu, dropdown, panel) on a press outside `inside` refs and on Escape.
 * Escape also puts focus back on `returnTo` (usually the button that opened it).
 */
export function useDismiss(
  open: boolean,
  onDismiss: () => void,
  inside: RefObject<HTMLElement | null>[],
  returnTo?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (inside.some((ref) => ref.current?.contains(target))) return
      onDismiss()
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      onDismiss()
      returnTo?.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open, onDismiss, inside, returnTo])
}
