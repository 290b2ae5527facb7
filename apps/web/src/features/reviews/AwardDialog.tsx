import type { BountyView, ReviewView } from '@agora/contract'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/client'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { numberFormat, useIntlLocale } from '../../ui/format'
import { Field, TextField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { checkWholeTokens, formatDeadline } from './bountyRules'
import { useAwardBounty } from './useBounties'

export interface AwardDialogProps {
  postId: string
  review: ReviewView
  /** The reader's bounties that may pay this review (at least one). */
  bounties: readonly BountyView[]
  onClose: () => void
}

/** "Award": part of one of the reader's bounties to a review, at most what that bounty has left. */
export default function AwardDialog({ postId, review, bounties, onClose }: AwardDialogProps) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const count = (value: number) => numberFormat(locale).format(value)
  const award = useAwardBounty(postId)
  const [bountyId, setBountyId] = useState(bounties[0]?.id ?? '')
  const bounty = bounties.find((each) => each.id === bountyId) ?? bounties[0]
  const [amount, setAmount] = useState('')
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const amountInput = useRef<HTMLInputElement>(null)
  const check = checkWholeTokens(amount, bounty?.remaining ?? 0)
  const name = review.reviewer.nickname || review.reviewer.username
  const bountyLabel = (each: BountyView) =>
    t('award.bountyOption', {
      remaining: count(each.remaining),
      amount: count(each.amount),
      deadline: formatDeadline(each.deadline, locale),
    })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    setFailure(null)
    if (!bounty || 'problem' in check) return amountInput.current?.focus()
    award.mutate(
      { bountyId: bounty.id, award: { review_id: review._id, amount: check.amount } },
      {
        onSuccess: () => {
          toast.success(t('award.done', { name }), { duration: 3000 })
          onClose()
        },
        onError: (error) => {
          if (!isApiError(error, 401)) setFailure(errorText(error, t, t('award.failed')))
        },
      },
    )
  }

  return (
    <DialogForm
      title={t('award.title', { name })}
      lead={t('award.lead')}
      size="sm"
      className="bounty-form"
      pending={award.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={failure}
      cancelLabel={t('award.cancel')}
      submitLabel={t('award.submit')}
    >
      {bounties.length > 1 ? (
        <Field label={t('award.bounty')}>
          {(control) => (
            <select
              className="field__input"
              {...control}
              value={bountyId}
              onChange={(event) => setBountyId(event.target.value)}
            >
              {bounties.map((each) => (
                <option key={each.id} value={each.id}>
                  {bountyLabel(each)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        bounty && <p className="bounty-form__from">{t('award.from', { bounty: bountyLabel(bounty) })}</p>
      )}
      <TextField
        ref={amountInput}
        label={t('award.amount')}
        hint={t('award.amountHint', { remaining: count(bounty?.remaining ?? 0) })}
        error={
          tried && 'problem' in check
            ? t(`award.problems.${check.problem}`, { remaining: count(bounty?.remaining ?? 0) })
            : null
        }
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
    </DialogForm>
  )
}
