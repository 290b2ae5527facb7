import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { useFocusTrap } from './useFocusTrap'
import './Modal.css'

export interface ModalProps {
  open: boolean
  /** Called on Escape, on a click on the backdrop, and by the content's own close buttons. */
  onClose: () => void
  /** While its action runs: Escape and the backdrop leave it open. */
  busy?: boolean
  /** id of the element that names the dialog (usually its heading). */
  labelledBy: string
  describedBy?: string
  /** Element to focus when opened; default: the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>
  size?: 'sm' | 'md' | 'lg'
  className?: string
  children: ReactNode
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape closes,
 * and focus returns to whatever had it before opening.
 */
export function Modal({
  open,
  onClose,
  busy = false,
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
  const keepFocusInside = useFocusTrap(dialog)

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
        if (!busy) onClose()
      }}
      onClose={handleClose}
      onKeyDown={keepFocusInside}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === dialog.current
      }}
      onClick={(event) => {
        // Only a press that starts and ends on the backdrop closes (not a text selection dragged out).
        if (event.target === dialog.current && pressStartedOnBackdrop.current && !busy) onClose()
      }}
    >
      {open && <div className="modal__panel">{children}</div>}
    </dialog>
  )
}
