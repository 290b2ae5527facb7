import { MOD_REASON_MAX } from '@agora/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { Field, TextAreaField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { type ModActionInput, useModAction } from './useModeration'

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
    <DialogForm
      title={heading}
      lead={t(`dialog.text.${decision}`)}
      size="sm"
      pending={mutation.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={problem?.text}
      problemId={errorId}
      cancelLabel={t('dialog.cancel')}
      submitLabel={suspending ? t('dialog.suspend') : t(`actions.${decision}`)}
      danger={decision === 'remove' || decision === 'suspend'}
    >
      {suspending && (
        <Field label={t('dialog.until')} errorElsewhere={problem?.field === 'until' ? errorId : undefined}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="date"
              required
              min={tomorrow}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          )}
        </Field>
      )}
      <TextAreaField
        label={t('dialog.reason')}
        hint={t('dialog.reasonHint', { max: MOD_REASON_MAX })}
        errorElsewhere={problem?.field === 'reason' ? errorId : undefined}
        rows={3}
        required
        maxLength={MOD_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </DialogForm>
  )
}
