import { Button } from './Button'
import { EyeIcon, EyeOffIcon } from './icons'

/** The show/hide button inside a password field (its `trailing`); the labels are the caller's words. */
export function PasswordToggle({
  shown,
  onToggle,
  showLabel,
  hideLabel,
}: {
  shown: boolean
  onToggle: () => void
  showLabel: string
  hideLabel: string
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      label={shown ? hideLabel : showLabel}
      aria-pressed={shown}
      icon={shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      onClick={onToggle}
    />
  )
}
