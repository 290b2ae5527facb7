import { MOD_REASON_MAX } from '@agora/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { Modal } from '../../ui/Modal'
import { toast } from '../../ui/toast'
import { type ModActionInput, useModAction } from './useModeration'
import '../../ui/Field.css'

export interface ModActionDialogProps {
  /** What is decided on what; the reason (and a suspension's end) come from the dialog. */
  action: Omit<ModActionInput, 'reason' | 'until'>
  /** The target's title, for the dialog's heading. */
  title: string
  /** Whom a suspension or a trust setting is for. */
  userName: string
  onClose: () => void
}

/** Today's date as the date input writes it (yyyy-mm-dd), in the viewer's time zone. */
function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * Every moderator decision asks for a reason (shown to the author and in the public log); a suspension
 * also for its last day. Setting a user's trust goes through here too. The Modal traps focus and closes on Escape.
 */
export function ModActionDialog({ action, title, userName, onClose }: ModActionDialogProps) {
  const { t } = useTranslation('moderation')
  const id = useId()
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const [problem, setProblem] = useState<{ field: 'reason' | 'until' | null; text: string } | null>(null)
  const mutation = useModAction()
  const decision = action.decision
  const suspending = decision === 'suspend'
  const tomorrow = localDate(new Date(Date.now() + 24 * 60 * 60 * 1000))
  const close = () => {
    if (!mutation.isPending) onClose()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const text = reason.trim()
    if (!text) return setProblem({ field: 'reason', text: t('dialog.needsReason') })
    // The end of the chosen day, where the moderator is.
    const end = until ? new Date(`${until}T23:59:59`) : null
    if (suspending && (!end || Number.isNaN(end.getTime()) || until < tomorrow))
      return setProblem({ field: 'until', text: t('dialog.needsDate') })
    setProblem(null)
    mutation.mutate(
      { ...action, reason: text, ...(suspending && end ? { until: end.toISOString() } : {}) },
      {
        onSuccess: () => {
          toast.success(t(`dialog.done.${decision}`, { name: userName }))
          onClose()
        },
        onError: (error) => {
          if (!isApiError(error, 401))
            setProblem({ field: null, text: errorText(error, t, t('dialog.failed')) })
        },
      },
    )
  }

  // Decisions on content name its title; suspensions and trust name the person.
  const heading = t(`dialog.title.${decision}`, { title, name: userName })
  const errorId = `${id}-problem`
  return (
    <Modal open onClose={close} labelledBy={`${id}-title`} describedBy={`${id}-text`} size="sm">
      <form className="modal__body mod-dialog" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="modal__title">
          {heading}
        </h2>
        <p id={`${id}-text`} className="mod-dialog__text">
          {t(`dialog.text.${decision}`)}
        </p>
        {suspending && (
          <div className={problem?.field === 'until' ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${id}-until`}>
              {t('dialog.until')}
            </label>
            <input
              id={`${id}-until`}
              className="field__input"
              type="date"
              required
              min={tomorrow}
              value={until}
              aria-invalid={problem?.field === 'until' || undefined}
              aria-describedby={problem?.field === 'until' ? errorId : undefined}
              onChange={(event) => setUntil(event.target.value)}
            />
          </div>
        )}
        <div className={problem?.field === 'reason' ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={`${id}-reason`}>
            {t('dialog.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input mod-dialog__reason"
            rows={3}
            required
            maxLength={MOD_REASON_MAX}
            value={reason}
            aria-invalid={problem?.field === 'reason' || undefined}
            aria-describedby={[`${id}-hint`, problem?.field === 'reason' && errorId]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('dialog.reasonHint', { max: MOD_REASON_MAX })}
          </p>
        </div>
        {problem && (
          <p id={errorId} className="field__error" role="alert">
            {problem.text}
          </p>
        )}
        <div className="modal__actions mod-dialog__actions">
          <Button onClick={close} disabled={mutation.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant={decision === 'remove' || decision === 'suspend' ? 'danger' : 'primary'}
            loading={mutation.isPending}
          >
            {suspending ? t('dialog.suspend') : t(`actions.${decision}`)}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
