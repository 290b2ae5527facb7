import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react'
import './Field.css'

export interface FieldProps {
  label: ReactNode
  /** Shown under the control, announced with it, and marks it invalid. */
  error?: string | null
  hint?: ReactNode
  /** Small text after the label, e.g. "optional". */
  labelNote?: ReactNode
  /** The id of an error about this field shown elsewhere (a dialog's problem line); marks it invalid. */
  errorElsewhere?: string
  className?: string
  /** Renders the control; spread the given props on it so the label, hint and error are wired up. */
  children: (control: {
    id: string
    'aria-invalid': boolean | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}

/** A label, a control, a hint and an error, connected for assistive technology. */
export function Field({ label, error, hint, labelNote, errorElsewhere, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : errorElsewhere
  const invalid = Boolean(error || errorElsewhere)
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', invalid && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {labelNote && <span className="field__note"> ({labelNote})</span>}
      </label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  labelNote?: ReactNode
  /** Rendered inside the input's frame, after it (e.g. a show-password button). */
  trailing?: ReactNode
  /** The input itself (to focus it). */
  ref?: Ref<HTMLInputElement>
}

export function TextField({ label, error, hint, labelNote, trailing, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} labelNote={labelNote} className={className}>
      {(control) => (
        <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
          <input className="field__input" {...input} {...control} />
          {trailing && <span className="field__trailing">{trailing}</span>}
        </div>
      )}
    </Field>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  labelNote?: ReactNode
  /** See FieldProps.errorElsewhere. */
  errorElsewhere?: string
  /** The textarea's own class beside `field__input` (`className` is the field's, as in TextField). */
  inputClassName?: string
}

/** A TextField of several lines: a textarea with its label, hint and error wired up. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { label, error, hint, labelNote, errorElsewhere, className, inputClassName, ...textarea } = props
  const field = { label, error, hint, labelNote, errorElsewhere, className }
  const classes = `field__input ${inputClassName ?? 'field__input--multiline'}`
  return <Field {...field}>{(control) => <textarea className={classes} {...textarea} {...control} />}</Field>
}
