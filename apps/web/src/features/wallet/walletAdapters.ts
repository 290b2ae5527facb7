/**
 * The browser wallets Agora can use, behind one small interface: Phantom's injected provider first
 * (`window.phantom.solana`, or `window.solana` with isPhantom), then any Wallet Standard wallet that
 * offers `standard:connect` on a Solana chain. Only the address is needed: the faucet runs on the
 * server, so nothing is ever signed here.
 *
 * This module (and @wallet-standard/app) is loaded on demand by walletSession.ts, never with the
 * forum's first load.
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'

/** One wallet, whatever its kind. */
export interface WalletConnection {
  readonly name: string
  readonly kind: 'injected' | 'standard'
  /**
   * Asks the wallet for its address. `silent`: only if the wallet already trusts this site, without a
   * prompt; otherwise the wallet asks the user. Rejects when refused (Phantom: `{code: 4001}`).
   */
  connect(silent: boolean): Promise<string>
  disconnect(): Promise<void>
  /** The wallet's own connect, account-change and disconnect events: an address, or null when it disconnected. */
  subscribe(listener: (address: string | null) => void): () => void
}

interface PublicKeyLike {
  toString(): string
}

/** The part of Phantom's injected Solana provider we use. */
export interface PhantomProvider {
  isPhantom?: boolean
  connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: PublicKeyLike }>
  disconnect(): Promise<void>
  on(event: string, handler: (...args: unknown[]) => void): unknown
  off?(event: string, handler: (...args: unknown[]) => void): unknown
  removeListener?(event: string, handler: (...args: unknown[]) => void): unknown
}

/** Where the injected providers live (the window; a plain object in tests). */
export interface WalletScope {
  phantom?: { solana?: PhantomProvider }
  solana?: PhantomProvider
}

export function findPhantom(scope: WalletScope): PhantomProvider | null {
  const provider = scope.phantom?.solana ?? scope.solana
  return provider?.isPhantom ? provider : null
}

export function phantomConnection(provider: PhantomProvider): WalletConnection {
  return {
    name: 'Phantom',
    kind: 'injected',
    async connect(silent) {
      const { publicKey } = await provider.connect(silent ? { onlyIfTrusted: true } : undefined)
      return publicKey.toString()
    },
    async disconnect() {
      await provider.disconnect()
    },
    subscribe(listener) {
      const onConnect = (publicKey: unknown) => publicKey && listener(String(publicKey))
      const onDisconnect = () => listener(null)
      // null: the user switched to an account that has not connected to this site.
      const onAccountChanged = (publicKey: unknown) => listener(publicKey ? String(publicKey) : null)
      const handlers: [string, (...args: unknown[]) => void][] = [
        ['connect', onConnect],
        ['disconnect', onDisconnect],
        ['accountChanged', onAccountChanged],
      ]
      for (const [event, handler] of handlers) provider.on(event, handler)
      return () => {
        for (const [event, handler] of handlers) {
          if (provider.off) provider.off(event, handler)
          else provider.removeListener?.(event, handler)
        }
      }
    },
  }
}

type ConnectableWallet = Wallet & { features: StandardConnectFeature }

const isSolanaChain = (chain: string) => chain.startsWith('solana:')

export function isSolanaStandardWallet(wallet: Wallet): wallet is ConnectableWallet {
  return 'standard:connect' in wallet.features && wallet.chains.some(isSolanaChain)
}

function solanaAccount(accounts: readonly WalletAccount[]): WalletAccount | null {
  return accounts.find((account) => account.chains.some(isSolanaChain)) ?? accounts[0] ?? null
}

export function standardConnection(wallet: ConnectableWallet): WalletConnection {
  const features = wallet.features as ConnectableWallet['features'] &
    Partial<StandardDisconnectFeature & StandardEventsFeature>
  return {
    name: wallet.name,
    kind: 'standard',
    async connect(silent) {
      const { accounts } = await features['standard:connect'].connect({ silent })
      const account = solanaAccount(accounts)
      if (!account) throw new Error(`${wallet.name} returned no Solana account`)
      return account.address
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    subscribe(listener) {
      const events = features['standard:events']
      if (!events) return () => {}
      return events.on('change', ({ accounts }) => {
        if (accounts) listener(solanaAccount(accounts)?.address ?? null)
      })
    },
  }
}

/**
 * The wallets in this browser, Phantom's injected provider first. Phantom also registers itself as a
 * Wallet Standard wallet; that copy is left out when the injected one is used.
 */
export function findWallets(
  scope: WalletScope = window as WalletScope,
  standardWallets: () => readonly Wallet[] = () => getWallets().get(),
): WalletConnection[] {
  const phantom = findPhantom(scope)
  const found = phantom ? [phantomConnection(phantom)] : []
  for (const wallet of standardWallets()) {
    if (!isSolanaStandardWallet(wallet)) continue
    if (phantom && wallet.name === 'Phantom') continue
    found.push(standardConnection(wallet))
  }
  return found
}
