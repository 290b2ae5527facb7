import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { CheckIcon } from '../../ui/icons'
import { useCopyText } from '../../ui/useCopyText'
import { useWallet } from './useWallet'
import { CopyIcon, WalletIcon } from './walletIcons'
import '../../ui/Card.css'
import './WalletCard.css'

export interface WalletCardProps {
  className?: string
}

/**
 * The wallet card of /mypage (product-spec §2 "Own profile page"): the connected address with a copy
 * button ('Copied' for a moment) and the connected status with the network. Renders nothing while no
 * wallet is connected, so a page can always place it.
 *
 *   import { WalletCard } from '../wallet/WalletCard'
 *   <WalletCard />
 */
export function WalletCard({ className }: WalletCardProps) {
  const { t } = useTranslation('wallet')
  const wallet = useWallet()
  const { copied, copy } = useCopyText(t('copyFailed'))
  const titleId = useId()
  if (!wallet.connected || !wallet.address) return null
  const address = wallet.address

  return (
    <section
      className={['card wallet-card stack', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <header className="wallet-card__header cluster">
        <WalletIcon size={20} />
        <h2 id={titleId} className="wallet-card__title">
          {wallet.walletName ?? t('title')}
        </h2>
        <span className="wallet-card__status">
          <span className="wallet-status-dot" aria-hidden="true" />
          {t('connected')}
          {wallet.networkName && <span className="wallet-card__network"> · {wallet.networkName}</span>}
        </span>
      </header>
      <div className="wallet-card__row">
        <span className="visually-hidden">{t('card.address')}: </span>
        <code className="wallet-card__address">{address}</code>
        <Button
          size="sm"
          icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          onClick={() => void copy(address)}
          aria-live="polite"
        >
          {copied ? t('copied') : t('copy')}
        </Button>
      </div>
    </section>
  )
}
