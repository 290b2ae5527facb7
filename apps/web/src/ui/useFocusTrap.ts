import { type KeyboardEvent, type RefObject, useCallback } from 'react'

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The keydown handler that keeps Tab and Shift+Tab inside a modal `<dialog>`: showModal() makes the
 * page behind inert, but Tab can still leave for the browser's own UI, so it wraps from the last
 * control to the first and back.
 *
 *   const keepFocusInside = useFocusTrap(dialog)
 *   <dialog ref={dialog} onKeyDown={keepFocusInside}>
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>) {
  return useCallback(
    (event: KeyboardEvent) => {
      const node = container.current
      if (event.key !== 'Tab' || !node) return
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (candidate) => !candidate.matches(':disabled') && candidate.getClientRects().length > 0,
      )
      if (focusable.length === 0) return
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    },
    [container],
  )
}
