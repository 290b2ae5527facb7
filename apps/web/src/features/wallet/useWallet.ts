/**
 * The wallet for any screen: the session, the server's network name, and connect/disconnect with the
 * header's error toasts.
 *
 *   const wallet = useWallet()
 *   wallet.connected && wallet.address
 *   <Button onClick={wallet.connect} loading={wallet.connecting}>…</Button>
 */
import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../ui/toast'
import { useNetworkName, useTokenInfo } from '../token'
import { SUGGESTED_WALLET, walletFailure } from './walletErrors'
import { useWalletSession, type WalletState, walletSession } from './walletSession'

/** Header error toasts last 3 seconds (product-spec §9). */
export const WALLET_TOAST_MS = 3000

export interface Wallet extends WalletState {
  connected: boolean
  connecting: boolean
  /** The network the faucet sends on, as the server names it ('Local test chain', 'Solana Devnet'); null when disconnected. */
  networkName: string | null
  /** Prompts the wallet; a failure shows its toast and resolves null. */
  connect: () => Promise<string | null>
  disconnect: () => void
  /** Loads the wallet code ahead of a likely connect. */
  preload: () => void
}

export function useWallet(): Wallet {
  const { t } = useTranslation('wallet')
  const state = useWalletSession()
  const connected = state.status === 'connected'
  const info = useTokenInfo({ enabled: connected })

  // The silent reconnect is scheduled by whichever wallet control mounts first.
  useEffect(() => walletSession.start(), [])

  const connect = useCallback(async () => {
    try {
      return await walletSession.connect()
    } catch (error) {
      const failure = walletFailure(error)
      if (failure === 'not-installed') {
        toast.error(t('errors.install', { wallet: SUGGESTED_WALLET }), { duration: WALLET_TOAST_MS })
      } else if (failure === 'rejected') {
        toast.error(t('errors.rejected'), {
          description: t('errors.userRejected'),
          duration: WALLET_TOAST_MS,
        })
      } else {
        const reason = error instanceof Error && error.message ? error.message : undefined
        toast.error(t('errors.failed'), { description: reason, duration: WALLET_TOAST_MS })
      }
      return null
    }
  }, [t])

  const networkName = useNetworkName(info.data)
  return {
    ...state,
    connected,
    connecting: state.status === 'connecting',
    networkName: connected ? networkName : null,
    connect,
    disconnect: () => void walletSession.disconnect(),
    preload: walletSession.preload,
  }
}
