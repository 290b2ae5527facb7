import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react'
import './Modal.css'

export interface ModalProps {
  open: boolean
  /** Called on Escape, on a click on the backdrop, and by the content's own close buttons. */
  onClose: () => void
  /** id of the element that names the dialog (usually its heading). */
  labelledBy: string
  describedBy?: string
  /** Element to focus when opened; default: the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>
  size?: 'sm' | 'md' | 'lg'
  className?: string
  children: ReactNode
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape closes,
 * and focus returns to whatever had it before opening.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  size = 'md',
  className,
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const pressStartedOnBackdrop = useRef(false)

  useEffect(() => {
    const node = dialog.current
    if (!node) return
    if (open && !node.open) {
      returnFocus.current = document.activeElement as HTMLElement | null
      node.showModal()
      initialFocus?.current?.focus()
    } else if (!open && node.open) {
      node.close()
    }
  }, [open, initialFocus])

  // Unmounting while open must also give focus back.
  useEffect(
    () => () => {
      if (returnFocus.current?.isConnected) returnFocus.current.focus()
    },
    [],
  )

  // showModal() makes the page inert, but Tab can still leave for the browser's own UI: wrap it around.
  function keepFocusInside(event: KeyboardEvent) {
    if (event.key !== 'Tab' || !dialog.current) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (node) => !node.matches(':disabled') && node.getClientRects().length > 0,
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
  }

  function handleClose() {
    const target = returnFocus.current
    returnFocus.current = null
    if (target?.isConnected) target.focus()
  }

  return (
    <dialog
      ref={dialog}
      className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: let the owner decide (it closes by setting open=false).
        event.preventDefault()
        onClose()
      }}
      onClose={handleClose}
      onKeyDown={keepFocusInside}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === dialog.current
      }}
      onClick={(event) => {
        // Only a press that starts and ends on the backdrop closes (not a text selection dragged out).
        if (event.target === dialog.current && pressStartedOnBackdrop.current) onClose()
      }}
    >
      {open && <div className="modal__panel">{children}</div>}
    </dialog>
  )
}
