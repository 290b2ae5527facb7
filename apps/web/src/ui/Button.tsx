import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner'
import './Button.css'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean
  icon?: ReactNode
  /** Icon-only button: `children` are dropped and `label` becomes the accessible name. */
  iconOnly?: boolean
  label?: string
}

/** The one button. `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  iconOnly = false,
  label,
  type = 'button',
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, iconOnly && 'btn--icon', className].filter(
    Boolean,
  )
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-label={iconOnly ? label : props['aria-label']}
      title={iconOnly ? label : props.title}
      {...props}
    >
      {loading ? <Spinner /> : icon}
      {!iconOnly && children}
    </button>
  )
}
