import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import { EyeIcon, EyeOffIcon } from './icons'

/** The show/hide button inside a password field (its `trailing`): "Show password" / "Hide password". */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      label={shown ? t('password.hide') : t('password.show')}
      aria-pressed={shown}
      icon={shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      onClick={onToggle}
    />
  )
}
