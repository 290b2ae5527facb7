import type { FaucetRequest, FaucetResponse } from '@agora/contract'
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoginModal } from '../../app/LoginModalProvider'
import { useDocumentMeta } from '../../app/useDocumentMeta'
import { useSession } from '../../app/useSession'
import { Button } from '../../ui/Button'
import { parseTimestamp, useIntlLocale } from '../../ui/format'
import { TextField } from '../../ui/TextField'
import { HowToEarn } from '../rewards/HowToEarn'
import { Leaderboard } from '../rewards/Leaderboard'
import { useWallet, WalletIcon } from '../wallet'
import { faucetErrorText } from './faucetErrors'
import { useNetworkName } from './networkName'
import { useRequestTokens, useTokenBalance, useTokenInfo } from './tokenQueries'
import '../../ui/Card.css'
import '../../ui/Notice.css'
import '../../app/Screen.css'
import './TokenPage.css'

type FieldName = 'address' | 'amount'
type FieldErrors = Partial<Record<FieldName, string>>

/**
 * /token — Token Management: test tokens from the server's faucet to the connected wallet or an address;
 * below, the rewards leaderboard and how tokens are earned.
 */
export function TokenPage() {
  const { t } = useTranslation('token')
  useDocumentMeta({ title: t('title'), description: t('common:descriptions.token') })
  const wallet = useWallet()
  const session = useSession()
  const { openLogin } = useLoginModal()
  const info = useTokenInfo()
  const networkName = useNetworkName(info.data)
  const grant = useRequestTokens()
  const locale = useIntlLocale()
  const [inputs, setInputs] = useState<Record<FieldName, string>>({ address: '', amount: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [result, setResult] = useState<FaucetResponse | null>(null)
  const headingId = useId()

  const receiving = wallet.connected ? wallet.address : null
  const balanceAddress = result?.address ?? receiving
  const balance = useTokenBalance(balanceAddress)
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 9 })
  const max = info.data?.max_per_request

  function send(request: FaucetRequest) {
    setFailure(null)
    grant.mutate(request, {
      onSuccess: setResult,
      onError: (error) => setFailure(faucetErrorText(error, t)),
    })
  }

  /**
   * A field's value, error and change. What was said about the last try no longer holds once the
   * field it was about changes.
   */
  const bind = (field: FieldName) => ({
    value: inputs[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setInputs((current) => ({ ...current, [field]: event.target.value }))
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
      setFailure(null)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const address = (receiving ?? inputs.address).trim()
    const amount = Number(inputs.amount)
    const next: FieldErrors = {}
    if (!address) next.address = t('form.addressRequired')
    if (inputs.amount.trim() === '' || !Number.isFinite(amount) || amount <= 0)
      next.amount = t('form.amountRequired')
    else if (max !== undefined && amount > max)
      next.amount = t('form.amountTooLarge', { max: numbers.format(max) })
    setErrors(next)
    if (next.address || next.amount) return
    const request = { address, amount }
    // Getting tokens needs an account: sign in first, then send what was asked for.
    if (session.status === 'anonymous') openLogin({ onSuccess: () => send(request) })
    else send(request)
  }

  return (
    <div className="container screen token-page">
      <h1>{t('title')}</h1>
      <p className="screen__lead">{t('lead')}</p>

      <div className="token-page__grid">
        <section className="card card--raised token-card stack" aria-labelledby={headingId}>
          <h2 id={headingId} className="token-card__title">
            {t('getTokens')}
          </h2>

          {wallet.connected && wallet.address ? (
            <div className="token-wallet token-wallet--connected">
              <WalletIcon size={20} />
              <div className="token-wallet__text">
                <p className="token-wallet__label">{t('wallet.connected')}</p>
                <code className="token-wallet__address">{wallet.address}</code>
                {wallet.networkName && (
                  <p className="token-wallet__network">
                    {t('wallet.network', { network: wallet.networkName })}
                  </p>
                )}
              </div>
            </div>
          ) : (
            <div className="token-wallet">
              <WalletIcon size={20} />
              <div className="token-wallet__text">
                <p>{t('wallet.prompt')}</p>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={wallet.connecting}
                  onPointerEnter={wallet.preload}
                  onClick={() => void wallet.connect()}
                >
                  {wallet.connecting ? t('wallet:connecting') : t('wallet:connect')}
                </Button>
              </div>
            </div>
          )}

          <form className="token-form" onSubmit={submit} noValidate>
            {!wallet.connected && (
              <TextField
                label={t('form.address')}
                placeholder={t('form.addressPlaceholder')}
                {...bind('address')}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="off"
              />
            )}
            <TextField
              label={t('form.amount')}
              type="number"
              inputMode="decimal"
              min={0}
              max={max}
              step="any"
              placeholder={t('form.amountPlaceholder')}
              {...bind('amount')}
              hint={max !== undefined ? t('form.amountHint', { max: numbers.format(max) }) : undefined}
            />
            <Allowance />
            {failure && (
              <p className="inline-notice inline-notice--failure" role="alert">
                {failure}
              </p>
            )}
            <Button type="submit" variant="primary" size="lg" loading={grant.isPending}>
              {grant.isPending ? t('form.sending') : t('getTokens')}
            </Button>
          </form>
        </section>

        <div className="token-page__side">
          {result && <GrantResult result={result} />}
          {balanceAddress && (
            <section className="card card--raised token-panel stack" aria-label={t('balance.title')}>
              <h2 className="token-panel__title">{t('balance.title')}</h2>
              <p className="token-panel__muted" data-testid="token-balance-what">
                {networkName ? t('balance.what', { network: networkName }) : t('balance.whatNoNetwork')}
              </p>
              {balance.data ? (
                <p className="token-balance" data-testid="token-balance">
                  <span className="token-balance__tokens">
                    {t('balance.tokens', { amount: numbers.format(balance.data.tokens) })}
                  </span>
                  <span className="token-balance__sol">
                    {t('balance.sol', { amount: numbers.format(balance.data.sol) })}
                  </span>
                </p>
              ) : balance.isError ? (
                <p className="token-panel__muted">{faucetErrorText(balance.error, t)}</p>
              ) : (
                <p className="token-panel__muted">{t('balance.loading')}</p>
              )}
              <p className="token-panel__muted token-panel__address">{balanceAddress}</p>
            </section>
          )}
          <NetworkPanel />
        </div>
      </div>

      <div className="token-page__rewards">
        <Leaderboard />
        <HowToEarn />
      </div>
    </div>
  )
}

/** What the signed-in user may still get today, or that getting tokens needs an account. */
function Allowance() {
  const { t } = useTranslation('token')
  const { status } = useSession()
  const info = useTokenInfo()
  const locale = useIntlLocale()
  if (!info.data) return null
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 9 })
  const limit = numbers.format(info.data.daily_limit)
  if (status === 'anonymous' || info.data.remaining_today === null) {
    return <p className="token-form__allowance">{t('form.loginNeeded', { limit })}</p>
  }
  return (
    <p className="token-form__allowance">
      {t('form.remaining', { remaining: numbers.format(info.data.remaining_today), limit })}
    </p>
  )
}

/** The last grant: receiving address, amount, transaction hash (linked to the explorer when public) and time. */
function GrantResult({ result }: { result: FaucetResponse }) {
  const { t } = useTranslation('token')
  const locale = useIntlLocale()
  const titleId = useId()
  const panel = useRef<HTMLElement>(null)
  const time = parseTimestamp(result.time)
  // On a phone the panel is below the form: bring each new result into view.
  useEffect(() => {
    if (result.signature) panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [result.signature])
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 9 }).format(result.amount)
  return (
    <section
      ref={panel}
      className="card card--raised token-panel stack token-result"
      aria-labelledby={titleId}
      role="status"
    >
      <h2 id={titleId} className="token-panel__title">
        {t('result.title')}
      </h2>
      <dl className="token-result__list">
        <dt>{t('result.address')}</dt>
        <dd>
          <code>{result.address}</code>
        </dd>
        <dt>{t('result.amount')}</dt>
        <dd>{t('result.tokens', { amount })}</dd>
        <dt>{t('result.hash')}</dt>
        <dd>
          {result.explorer_url ? (
            <a href={result.explorer_url} target="_blank" rel="noreferrer">
              <code>{result.signature}</code>
            </a>
          ) : (
            <code>{result.signature}</code>
          )}
        </dd>
        <dt>{t('result.time')}</dt>
        <dd>
          {time ? (
            <time dateTime={time.toISOString()}>
              {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(time)}
            </time>
          ) : (
            result.time
          )}
        </dd>
      </dl>
    </section>
  )
}

/** Where the tokens live: the server's network and the token's mint. */
function NetworkPanel() {
  const { t } = useTranslation('token')
  const info = useTokenInfo()
  const networkName = useNetworkName(info.data)
  if (info.isError) {
    return (
      <section className="card card--raised token-panel stack" aria-label={t('network.title')}>
        <p className="inline-notice inline-notice--failure" role="alert">
          {faucetErrorText(info.error, t)}
        </p>
        <Button size="sm" onClick={() => void info.refetch()}>
          {t('common:error.retry')}
        </Button>
      </section>
    )
  }
  if (!info.data) return null
  return (
    <section className="card card--raised token-panel stack" aria-label={t('network.title')}>
      <h2 className="token-panel__title">{t('network.title')}</h2>
      <dl className="token-result__list">
        <dt>{t('network.name')}</dt>
        <dd>{networkName}</dd>
        <dt>{t('network.mint')}</dt>
        <dd>
          <code>{info.data.mint}</code>
        </dd>
      </dl>
      {!info.data.persistent && <p className="token-panel__muted">{t('network.ephemeral')}</p>}
    </section>
  )
}
