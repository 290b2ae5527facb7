import { type FormEvent, type ReactNode, useId } from 'react'
import { Button } from './Button'
import { DialogActions } from './DialogActions'
import { Modal, type ModalProps } from './Modal'
import './Field.css'

export interface DialogFormProps {
  title: ReactNode
  /** What the dialog does, under its title; it also describes the dialog to assistive technology. */
  lead?: ReactNode
  size?: ModalProps['size']
  /** The form's own class (its fields' layout). */
  className?: string
  /** While the submit runs: Submit shows a spinner; Cancel, Escape and the backdrop do nothing. */
  pending: boolean
  onClose: () => void
  onSubmit: (event: FormEvent) => void
  /** Why the last try failed, announced under the fields. */
  problem?: string | null
  /** The problem's id, for a control that names it in aria-describedby. */
  problemId?: string
  /** The problem's look: a field's error by default. */
  problemClassName?: string
  cancelLabel: string
  submitLabel: string
  /** A destructive action gets the danger style. */
  danger?: boolean
  children: ReactNode
}

/**
 * A dialog that is one form: its title, the fields, why the last try failed, then Cancel and Submit.
 * The Modal traps focus and closes on Escape.
 */
export function DialogForm({
  title,
  lead,
  size,
  className,
  pending,
  onClose,
  onSubmit,
  problem,
  problemId,
  problemClassName = 'field__error',
  cancelLabel,
  submitLabel,
  danger = false,
  children,
}: DialogFormProps) {
  const id = useId()
  return (
    <Modal
      open
      onClose={onClose}
      busy={pending}
      labelledBy={`${id}-title`}
      describedBy={lead ? `${id}-lead` : undefined}
      size={size}
    >
      <form
        className={['modal__body modal__form', className].filter(Boolean).join(' ')}
        onSubmit={onSubmit}
        noValidate
      >
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        {lead && (
          <div id={`${id}-lead`} className="modal__lead">
            {lead}
          </div>
        )}
        {children}
        {problem && (
          <p id={problemId} className={problemClassName} role="alert">
            {problem}
          </p>
        )}
        <DialogActions cancelLabel={cancelLabel} onCancel={onClose} busy={pending}>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  )
}
