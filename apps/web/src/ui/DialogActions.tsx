import type { ReactNode } from 'react'
import { Button } from './Button'

export interface DialogActionsProps {
  cancelLabel: string
  onCancel: () => void
  /** While the dialog's action runs, Cancel is disabled. */
  busy?: boolean
  /** The row's class: the Modal's actions row by default. */
  className?: string
  /** The dialog's action button(s), after Cancel; none for a dialog that only closes. */
  children?: ReactNode
}

/** A dialog's last row: Cancel first (so a stray Enter does nothing harmful), then its action. */
export function DialogActions({
  cancelLabel,
  onCancel,
  busy = false,
  className = 'modal__actions',
  children,
}: DialogActionsProps) {
  return (
    <div className={className}>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  )
}
