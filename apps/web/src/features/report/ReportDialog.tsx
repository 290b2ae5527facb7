import type { ReportReason, ReportTargetType } from '@agora/contract'
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@agora/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { Modal } from '../../ui/Modal'
import { toast } from '../../ui/toast'
import { useSendReport } from './useSendReport'
import '../../ui/Field.css'

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
  const close = () => {
    if (!report.isPending) onClose()
  }

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
    <Modal open onClose={close} labelledBy={`${id}-title`} describedBy={`${id}-lead`} size="sm">
      <form className="modal__body report-dialog" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="modal__title">
          {t(`report.label.${targetType}`)}
        </h2>
        <p id={`${id}-lead`} className="report-dialog__lead">
          {t('report.lead')}
        </p>
        <fieldset className="report-dialog__reasons" aria-describedby={problem ? `${id}-problem` : undefined}>
          <legend className="field__label">{t('report.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="report-dialog__reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(`reasons.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {t('report.note')}
            <span className="field__note"> ({t('report.optional')})</span>
          </label>
          <textarea
            id={`${id}-note`}
            className="field__input report-dialog__note"
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            aria-describedby={`${id}-note-hint`}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${id}-note-hint`} className="field__hint">
            {t('report.noteHint', { max: REPORT_NOTE_MAX })}
          </p>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        )}
        <div className="modal__actions report-dialog__actions">
          <Button onClick={close} disabled={report.isPending}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={report.isPending}>
            {t('report.send')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
