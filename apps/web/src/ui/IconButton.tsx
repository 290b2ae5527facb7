import type { ButtonHTMLAttributes } from 'react'

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label' | 'title'> {
  /** The button's name: read out, and shown on hover. */
  label: string
}

/**
 * A bare button that is only an icon (its `children`), styled by its own class: its name is read out
 * and shown on hover. For the app's styled buttons, `Button` with `iconOnly`.
 */
export function IconButton({ label, children, ...props }: IconButtonProps) {
  return (
    <button type="button" aria-label={label} title={label} {...props}>
      {children}
    </button>
  )
}
