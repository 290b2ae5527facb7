import { type ReactNode, useId } from 'react'
import { Button } from './Button'
import { DialogActions } from './DialogActions'
import { Modal } from './Modal'
import './ConfirmDialog.css'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  cancelLabel: string
  /** A destructive action gets the danger style. */
  danger?: boolean
  /** Shows a spinner on the confirm button and keeps the dialog from closing. */
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before doing something that cannot be undone (max 400 px wide, spec §9). Cancel comes first, so
 * the dialog opens with focus on it and a stray Enter does nothing harmful; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId()
  return (
    <Modal
      open={open}
      onClose={onCancel}
      busy={busy}
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      size="sm"
    >
      <div className="confirm-dialog">
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={`${id}-message`} className="confirm-dialog__message">
          {message}
        </div>
        <DialogActions cancelLabel={cancelLabel} onCancel={onCancel} busy={busy}>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Modal>
  )
}
