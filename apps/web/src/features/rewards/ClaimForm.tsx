import type { TFunction } from 'i18next'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { errorText } from '../../ui/errorText'
import { TextField } from '../../ui/TextField'
import { toast } from '../../ui/toast'
import { useWallet } from '../wallet'
import { toUnits, unitsToDecimal } from './amounts'
import { type RewardSummary, useClaimRewards } from './rewardQueries'
import { checkClaimAmount } from './rewardText'
import { useTokenText } from './useTokenText'
import '../../ui/Notice.css'

export interface ClaimFormProps {
  userId: string
  summary: RewardSummary
}

interface FieldErrors {
  address?: string
  amount?: string
}

/**
 * Claim: an amount (all that is claimable unless changed) to an address (the connected wallet's unless
 * another is typed). While a claim is on its way it says so instead; a refusal shows the server's words.
 */
/** Why a claim was refused: the refusal's words (a 503 says the balance is untouched), else our own. */
function claimErrorText(error: unknown, t: TFunction): string {
  return errorText(error, t, t('claim.failed'))
}

export function ClaimForm({ userId, summary }: ClaimFormProps) {
  const { t } = useTranslation('rewards')
  const tokens = useTokenText()
  const wallet = useWallet()
  const claim = useClaimRewards(userId)
  // null: follow the figure it defaults to (all that is claimable; the wallet's address).
  const [amountText, setAmountText] = useState<string | null>(null)
  const [addressText, setAddressText] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  const claimable = toUnits(summary.claimable)
  const minClaim = toUnits(summary.min_claim)
  const walletAddress = wallet.connected ? wallet.address : null
  const amount = amountText ?? unitsToDecimal(claimable)
  const address = addressText ?? walletAddress ?? ''
  const fromWallet = Boolean(walletAddress) && address === walletAddress
  const pending = summary.pending_claim

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkClaimAmount(amount, { minClaim, claimable })
    const next: FieldErrors = {}
    if (!address.trim()) next.address = t('claim.addressRequired')
    if ('problem' in checked)
      next.amount = t(`claim.problem.${checked.problem}`, { min: tokens(minClaim), max: tokens(claimable) })
    setErrors(next)
    setFailure(null)
    if (next.address || 'problem' in checked) return
    claim.mutate(
      { address: address.trim(), amount: checked.units },
      {
        onSuccess: (result) => {
          setAmountText(null)
          if (result.status === 'failed') setFailure(result.failure ?? t('claim.failed'))
          else if (result.status === 'paid')
            toast.success(t('claim.done', { tokens: tokens(result.amount) }), { duration: 4000 })
        },
        onError: (error) => setFailure(claimErrorText(error, t)),
      },
    )
  }

  return (
    <section className="rewards-section" aria-labelledby="rewards-claim-title">
      <h2 id="rewards-claim-title" className="rewards-section__title">
        {t('claim.title')}
      </h2>
      <p className="rewards-muted">{t('claim.lead')}</p>
      {pending ? (
        <p className="inline-notice inline-notice--info" role="status" data-testid="claim-pending">
          {t('claim.pending', { tokens: tokens(pending.amount), address: pending.address })}
        </p>
      ) : claimable < minClaim || claimable <= 0n ? (
        <p className="inline-notice inline-notice--neutral">
          {t('claim.notEnough', { min: tokens(minClaim) })}
        </p>
      ) : (
        <form className="rewards-claim" onSubmit={submit} noValidate>
          <TextField
            label={t('claim.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmountText(event.target.value)}
            error={errors.amount}
            hint={t('claim.amountHint', { min: tokens(minClaim), max: tokens(claimable) })}
            trailing={
              amountText !== null && (
                <button type="button" className="rewards-claim__all" onClick={() => setAmountText(null)}>
                  {t('claim.all')}
                </button>
              )
            }
          />
          <TextField
            label={t('claim.address')}
            placeholder={t('claim.addressPlaceholder')}
            value={address}
            onChange={(event) => setAddressText(event.target.value)}
            error={errors.address}
            hint={fromWallet ? t('claim.addressFromWallet') : undefined}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
          />
          <div className="rewards-claim__actions cluster">
            <Button type="submit" variant="primary" loading={claim.isPending}>
              {claim.isPending ? t('claim.sending') : t('claim.submit')}
            </Button>
            {walletAddress && !fromWallet && (
              <Button variant="ghost" onClick={() => setAddressText(null)}>
                {t('claim.useWallet')}
              </Button>
            )}
            {!wallet.connected && (
              <Button
                variant="ghost"
                loading={wallet.connecting}
                onPointerEnter={wallet.preload}
                onClick={async () => {
                  if (await wallet.connect()) setAddressText(null)
                }}
              >
                {wallet.connecting ? t('wallet:connecting') : t('wallet:connect')}
              </Button>
            )}
          </div>
          {failure && (
            <p className="inline-notice inline-notice--failure" role="alert">
              {failure}
            </p>
          )}
        </form>
      )}
    </section>
  )
}
