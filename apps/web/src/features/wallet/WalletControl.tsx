import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { Menu, MenuItem } from '../../ui/Menu'
import { toast } from '../../ui/toast'
import { COPIED_MS, useCopyText } from '../../ui/useCopyText'
import { shortenAddress } from './address'
import { useWallet } from './useWallet'
import { CopyIcon, UnplugIcon, WalletIcon } from './walletIcons'
import './WalletControl.css'

export interface WalletControlProps {
  /** In the header bar (desktop) or inside the hamburger menu (mobile). */
  placement: 'header' | 'menu'
}

/**
 * The header's wallet control (product-spec §2 "Header controls"): Connect Wallet (Connecting... while
 * the wallet asks), then the network name and the shortened address, with copy and disconnect in a
 * small menu (in the hamburger menu: as buttons). Failures show 3-second toasts (see useWallet).
 */
export function WalletControl({ placement }: WalletControlProps) {
  const { t } = useTranslation('wallet')
  const wallet = useWallet()
  const { copied, copy } = useCopyText(t('copyFailed'))

  if (!wallet.connected || !wallet.address) {
    return (
      <Button
        variant="secondary"
        size="sm"
        className={`wallet-connect wallet-connect--${placement}`}
        icon={<WalletIcon size={16} />}
        loading={wallet.connecting}
        onPointerEnter={wallet.preload}
        onFocus={wallet.preload}
        onClick={() => void wallet.connect()}
      >
        {wallet.connecting ? t('connecting') : t('connect')}
      </Button>
    )
  }

  const address = wallet.address
  const short = shortenAddress(address)
  const label = wallet.networkName
    ? t('accountOn', { address: short, network: wallet.networkName })
    : t('account', { address: short })

  // The menu closes on select, so its feedback is a short toast.
  const copyFromMenu = async () => {
    if (await copy(address)) toast.success(t('copied'), { duration: COPIED_MS })
  }

  if (placement === 'menu') {
    return (
      <section className="wallet-panel" aria-label={t('title')}>
        <p className="wallet-panel__status cluster">
          <span className="wallet-status-dot" aria-hidden="true" />
          {wallet.networkName && <span className="wallet-network">{wallet.networkName}</span>}
          <span className="wallet-address" title={address}>
            {short}
          </span>
        </p>
        <div className="wallet-panel__actions">
          <Button size="sm" icon={<CopyIcon size={16} />} onClick={() => void copy(address)}>
            {copied ? t('copied') : t('copyAddress')}
          </Button>
          <Button size="sm" icon={<UnplugIcon size={16} />} onClick={wallet.disconnect}>
            {t('disconnect')}
          </Button>
        </div>
      </section>
    )
  }

  return (
    <Menu
      label={label}
      title={[wallet.walletName ?? t('title'), wallet.networkName].filter(Boolean).join(' · ')}
      buttonClassName="menu__button wallet-button"
      button={
        <>
          <span className="wallet-status-dot" aria-hidden="true" />
          {wallet.networkName && <span className="wallet-network">{wallet.networkName}</span>}
          <span className="wallet-address">{short}</span>
        </>
      }
    >
      <MenuItem icon={<CopyIcon />} onSelect={() => void copyFromMenu()}>
        {t('copyAddress')}
      </MenuItem>
      <MenuItem icon={<UnplugIcon />} onSelect={wallet.disconnect}>
        {t('disconnect')}
      </MenuItem>
    </Menu>
  )
}
