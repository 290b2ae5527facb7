import type { ReportReason, ReportTargetType } from '@agora/contract'
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@agora/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { RadioGroup } from '../../ui/RadioGroup'
import { TextAreaField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { useSendReport } from './useSendReport'

export interface ReportDialogProps {
  targetType: ReportTargetType
  targetId: string
  onClose: () => void
}

/**
 * The reasons as radio buttons, an optional note, Send. The Modal traps focus and closes on Escape.
 * A second report of the same thing (409) closes with a notice; other refusals show the server's words.
 */
export function ReportDialog({ targetType, targetId, onClose }: ReportDialogProps) {
  const { t } = useTranslation('moderation')
  const id = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const report = useSendReport()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!reason) return setProblem(t('report.needsReason'))
    setProblem(null)
    const text = note.trim()
    report.mutate(
      { target_type: targetType, target_id: targetId, reason, ...(text ? { note: text } : {}) },
      {
        onSuccess: () => {
          toast.success(t('report.sent'))
          onClose()
        },
        onError: (error) => {
          if (isApiError(error, 409)) {
            toast.info(t('report.already'))
            onClose()
          } else if (!isApiError(error, 401)) {
            setProblem(errorText(error, t, t('report.failed')))
          }
        },
      },
    )
  }

  return (
    <DialogForm
      title={t(`report.label.${targetType}`)}
      lead={t('report.lead')}
      size="sm"
      pending={report.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={problem}
      problemId={`${id}-problem`}
      cancelLabel={t('report.cancel')}
      submitLabel={t('report.send')}
    >
      <RadioGroup
        legend={t('report.reason')}
        legendClassName="field__label"
        className="report-dialog__reasons"
        optionClassName="report-dialog__reason"
        options={REPORT_REASONS}
        value={reason}
        onChange={setReason}
        labelOf={(value) => t(`reasons.${value}`)}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <TextAreaField
        label={t('report.note')}
        labelNote={t('report.optional')}
        hint={t('report.noteHint', { max: REPORT_NOTE_MAX })}
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </DialogForm>
  )
}
