import type { ReactNode } from 'react'
import { useSignedInToggle } from '../../app/useSignedInToggle'
import '../../ui/Button.css'

export interface PillToggleProps {
  /** The change on its way turns the toggle busy; a press meanwhile still counts (the last wins). */
  change: { isPending: boolean; mutate: (on: boolean) => void }
  on: boolean
  /** The button's name; the state is its aria-pressed. */
  label: string
  /** The toggle's own class (like-button, save-button). */
  className: string
  /** The icon and the words or count. */
  children: ReactNode
}

/** A post's pill toggle (like, save): pressed while on. A visitor logs in first, then it turns on. */
export function PillToggle({ change, on, label, className, children }: PillToggleProps) {
  const press = useSignedInToggle(change, on)
  return (
    <button
      type="button"
      className={`pill-button ${className}`}
      aria-pressed={on}
      aria-busy={change.isPending || undefined}
      aria-label={label}
      onClick={press}
    >
      {children}
    </button>
  )
}
