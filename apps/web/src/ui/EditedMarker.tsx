import { useTranslation } from 'react-i18next'
import { Timestamp } from './Timestamp'
import './Button.css'

/** "edited 2 h ago" beside a post or comment that was edited; pressing it opens the history. */
export function EditedMarker({
  at,
  onOpen,
  className,
}: {
  at: string
  onOpen: () => void
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <button type="button" className={['text-button', className].filter(Boolean).join(' ')} onClick={onOpen}>
      {t('history.edited')} <Timestamp value={at} />
    </button>
  )
}
