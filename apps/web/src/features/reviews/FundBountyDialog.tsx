import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BOUNTY_REVIEWS_WANTED_MAX } from '../../api/bounties'
import { isApiError } from '../../api/client'
import { useSession } from '../../app/useSession'
import { DialogForm } from '../../ui/DialogForm'
import { errorText } from '../../ui/errorText'
import { numberFormat, useIntlLocale } from '../../ui/format'
import { SelectOptions } from '../../ui/SelectOptions'
import { Field, TextField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { useMyRewards, useTokenText } from '../rewards'
import {
  checkWholeTokens,
  type DeadlineProblem,
  deadlineLimits,
  deadlineProblem,
  defaultDeadline,
  formatDeadline,
  wholeTokensOf,
} from './bountyRules'
import { useFundBounty } from './useBounties'

export interface FundBountyDialogProps {
  postId: string
  onClose: () => void
}

const WANTED = Array.from({ length: BOUNTY_REVIEWS_WANTED_MAX }, (_, index) => index + 1)

/**
 * "Fund a review": whole tokens from the claimable balance into escrow, how many reviews are wanted
 * and the last day. The form checks the limits first; a refusal shows in the words of its code.
 */
export default function FundBountyDialog({ postId, onClose }: FundBountyDialogProps) {
  const { t } = useTranslation('reviews')
  const locale = useIntlLocale()
  const tokens = useTokenText()
  const { basic } = useSession()
  const { summary } = useMyRewards(basic?.id ?? '')
  const fund = useFundBounty(postId)
  const [now] = useState(() => new Date())
  const limits = deadlineLimits(now)
  const [amount, setAmount] = useState('')
  const [wanted, setWanted] = useState(1)
  const [deadline, setDeadline] = useState(() => defaultDeadline(now))
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const amountInput = useRef<HTMLInputElement>(null)
  const deadlineInput = useRef<HTMLInputElement>(null)
  const claimable = summary ? wholeTokensOf(summary.claimable) : null
  const amountCheck = checkWholeTokens(amount, claimable)
  const deadlineCheck = deadlineProblem(deadline, now)
  const count = (value: number | bigint) => numberFormat(locale).format(value)

  const amountError =
    tried && 'problem' in amountCheck
      ? t(`fund.problems.${amountCheck.problem}`, { claimable: count(claimable ?? 0n) })
      : null
  const deadlineText = (problem: DeadlineProblem) =>
    t(`fund.problems.${problem}`, {
      min: formatDeadline(limits.min, locale),
      max: formatDeadline(limits.max, locale),
    })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    setFailure(null)
    if ('problem' in amountCheck) return amountInput.current?.focus()
    if (deadlineCheck) return deadlineInput.current?.focus()
    fund.mutate(
      { amount: amountCheck.amount, reviews_wanted: wanted, deadline },
      {
        onSuccess: () => {
          toast.success(t('fund.done'), { duration: 3000 })
          onClose()
        },
        onError: (error) => {
          if (!isApiError(error, 401)) setFailure(errorText(error, t, t('fund.failed')))
        },
      },
    )
  }

  return (
    <DialogForm
      title={t('fund.title')}
      lead={t('fund.lead')}
      size="sm"
      className="bounty-form"
      pending={fund.isPending}
      onClose={onClose}
      onSubmit={submit}
      problem={failure}
      cancelLabel={t('fund.cancel')}
      submitLabel={t('fund.submit')}
    >
      <TextField
        ref={amountInput}
        label={t('fund.amount')}
        hint={
          summary ? t('fund.claimable', { tokens: tokens(summary.claimable) }) : t('fund.claimableLoading')
        }
        error={amountError}
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field label={t('fund.wanted')}>
        {(control) => (
          <select
            className="field__input"
            {...control}
            value={wanted}
            onChange={(event) => setWanted(Number(event.target.value))}
          >
            <SelectOptions values={WANTED} labelOf={(value) => t('fund.wantedOption', { count: value })} />
          </select>
        )}
      </Field>
      <TextField
        ref={deadlineInput}
        type="date"
        label={t('fund.deadline')}
        hint={t('fund.deadlineHint', {
          min: formatDeadline(limits.min, locale),
          max: formatDeadline(limits.max, locale),
        })}
        error={tried && deadlineCheck ? deadlineText(deadlineCheck) : null}
        min={limits.min}
        max={limits.max}
        required
        value={deadline}
        onChange={(event) => setDeadline(event.target.value)}
      />
    </DialogForm>
  )
}
