import type { ReportTargetType } from '@agora/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { icon } from '../../ui/icons'
import { ReportDialog } from './ReportDialog'
import './ReportButton.css'

const FlagIcon = icon('M4 22V4m0 0h13l-2 4 2 4H4')

export interface ReportButtonProps {
  targetType: ReportTargetType
  targetId: string
  className?: string
}

/**
 * "Report" on a post, a comment or an author's page: opens the report dialog. A visitor
 * logs in first, and the dialog opens after signing in.
 */
export function ReportButton({ targetType, targetId, className }: ReportButtonProps) {
  const { t } = useTranslation('moderation')
  const { status } = useSession()
  const { openLogin } = useLoginModal()
  const [open, setOpen] = useState(false)

  function press() {
    if (status === 'anonymous') return openLogin({ onSuccess: () => setOpen(true) })
    setOpen(true)
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={['report-button', className].filter(Boolean).join(' ')}
        icon={<FlagIcon size={16} />}
        aria-label={t(`report.label.${targetType}`)}
        aria-haspopup="dialog"
        onClick={press}
      >
        {t('report.button')}
      </Button>
      {open && <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />}
    </>
  )
}
