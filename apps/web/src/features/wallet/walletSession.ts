/**
 * The wallet session (product-spec §3/§4 "Wallet session"), one per tab, shared by the header, the
 * token page and the wallet card:
 *
 *   const wallet = useWalletSession()       // { status, address, walletName, error }
 *   await walletSession.connect()           // prompts the wallet; logs and rethrows failures
 *
 * Disconnected at start. Once the page is idle a silent reconnect runs (Phantom's
 * `connect({onlyIfTrusted: true})`); without a trusted connection it logs 'No trusted connection' and
 * stays disconnected. The wallet's own connect and disconnect events update the state.
 *
 * The wallet code (walletAdapters.ts, @wallet-standard/app) is imported on demand, never with a screen's
 * first load: after idle when a silent reconnect can succeed (an injected provider, or a wallet used
 * here before), on the first hover of a Connect button, or on connect.
 */
import { useSyncExternalStore } from 'react'
import type { WalletConnection } from './walletAdapters'
import { WalletNotFoundError } from './walletErrors'

export type WalletStatus = 'disconnected' | 'connecting' | 'connected'

export interface WalletState {
  status: WalletStatus
  /** The connected account's base58 address. */
  address: string | null
  /** Which wallet is connected ('Phantom', or a Wallet Standard wallet's name). */
  walletName: string | null
  /** The last connect failure, cleared by the next attempt. */
  error: Error | null
}

interface AdaptersModule {
  findWallets(): WalletConnection[]
}

/** A small key-value memory (localStorage in the browser). */
export interface WalletMemory {
  get(): string | null
  set(value: string): void
}

export interface WalletSessionDeps {
  load: () => Promise<AdaptersModule>
  memory: WalletMemory
  /** Whether the page has an injected provider (Phantom): without one, and no wallet used before, the idle load is skipped. */
  hasInjectedWallet: () => boolean
  /** Runs a task when the page has nothing better to do. */
  whenIdle: (task: () => void) => void
  log: Pick<Console, 'info' | 'warn'>
}

/**
 * localStorage key: the name of the wallet last connected here, or '' after the user disconnected
 * (then no silent reconnect happens, even if the wallet still trusts the site).
 */
export const LAST_WALLET_KEY = 'wallet_last'

const DISCONNECTED: WalletState = { status: 'disconnected', address: null, walletName: null, error: null }

export function createWalletSession(deps: WalletSessionDeps) {
  let state = DISCONNECTED
  let current: WalletConnection | null = null
  let started = false
  let loading: Promise<AdaptersModule> | null = null
  let connecting: Promise<string> | null = null
  /** Bumped by every connect/disconnect, so a slow silent reconnect cannot overrule what came after it. */
  let generation = 0
  const watched = new Set<string>()
  const listeners = new Set<() => void>()

  function setState(next: WalletState) {
    state = next
    for (const listener of listeners) listener()
  }

  function adopt(wallet: WalletConnection, address: string) {
    current = wallet
    setState({ status: 'connected', address, walletName: wallet.name, error: null })
  }

  function reset(error: Error | null = null) {
    current = null
    setState({ ...DISCONNECTED, error })
  }

  /** Follows a wallet's own events: its connect sets connected, its disconnect resets. */
  function watch(wallet: WalletConnection) {
    if (watched.has(wallet.name)) return
    watched.add(wallet.name)
    wallet.subscribe((address) => {
      const ours = state.walletName === null || state.walletName === wallet.name
      if (!ours || state.status === 'connecting') return
      if (address) {
        if (address !== state.address) adopt(wallet, address)
      } else if (state.walletName === wallet.name) {
        generation += 1
        reset()
      }
    })
  }

  async function wallets(): Promise<WalletConnection[]> {
    loading ??= deps.load().catch((error) => {
      loading = null
      throw error
    })
    const found = (await loading).findWallets()
    for (const wallet of found) watch(wallet)
    return found
  }

  async function reconnectSilently() {
    const remembered = deps.memory.get()
    // The user disconnected here last time: wait for them to ask again.
    if (remembered === '') return
    // Nothing could answer a silent reconnect: the wallet code waits for a Connect click.
    if (!remembered && !deps.hasInjectedWallet()) return
    const attempt = generation
    let found: WalletConnection[]
    try {
      found = await wallets()
    } catch (error) {
      deps.log.warn('Wallet code could not be loaded', error)
      return
    }
    // Phantom's onlyIfTrusted never prompts; other wallets' silent flag is only relied on once they were used here.
    const wallet = remembered
      ? found.find((candidate) => candidate.name === remembered)
      : found.find((candidate) => candidate.kind === 'injected')
    // A connect or disconnect since the page loaded decides instead.
    if (!wallet || generation !== attempt || state.status !== 'disconnected') return
    try {
      const address = await wallet.connect(true)
      if (generation === attempt && state.status === 'disconnected') adopt(wallet, address)
    } catch {
      deps.log.info('No trusted connection')
    }
  }

  async function connectNow(): Promise<string> {
    generation += 1
    setState({ ...state, status: 'connecting', error: null })
    try {
      const found = await wallets()
      const remembered = deps.memory.get()
      const wallet = found.find((candidate) => candidate.name === remembered) ?? found[0]
      if (!wallet) throw new WalletNotFoundError()
      const address = await wallet.connect(false)
      adopt(wallet, address)
      deps.memory.set(wallet.name)
      return address
    } catch (error) {
      deps.log.warn('Wallet connection failed', error)
      reset(error instanceof Error ? error : new Error(String(error)))
      throw error
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Schedules the silent reconnect once per page; later calls do nothing. */
    start() {
      if (started) return
      started = true
      deps.whenIdle(() => void reconnectSilently())
    },
    /** Fetches the wallet code ahead of a likely connect (e.g. the pointer is on the button). */
    preload() {
      void wallets().catch(() => {})
    },
    /** Prompts the wallet; resolves with the address. Failures are logged and rethrown. */
    connect(): Promise<string> {
      if (state.status === 'connected' && state.address) return Promise.resolve(state.address)
      connecting ??= connectNow().finally(() => {
        connecting = null
      })
      return connecting
    },
    /** Disconnects at once here; the wallet is told too (its failure is only logged). */
    async disconnect() {
      const wallet = current
      generation += 1
      reset()
      deps.memory.set('')
      try {
        await wallet?.disconnect()
      } catch (error) {
        deps.log.warn('Wallet disconnect failed', error)
      }
    },
  }
}

export type WalletSession = ReturnType<typeof createWalletSession>

function browserMemory(): WalletMemory {
  return {
    get() {
      try {
        return window.localStorage.getItem(LAST_WALLET_KEY)
      } catch {
        return null
      }
    },
    set(value) {
      try {
        window.localStorage.setItem(LAST_WALLET_KEY, value)
      } catch {
        // Storage disabled: the choice lasts as long as the page.
      }
    },
  }
}

function whenBrowserIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 })
  else window.setTimeout(task, 500)
}

export const walletSession = createWalletSession({
  load: () => import('./walletAdapters'),
  memory: browserMemory(),
  hasInjectedWallet: () => {
    const scope = window as { phantom?: { solana?: unknown }; solana?: unknown }
    return Boolean(scope.phantom?.solana ?? scope.solana)
  },
  whenIdle: whenBrowserIdle,
  log: console,
})

/** The tab's wallet session state, re-rendering on every change. */
export function useWalletSession(): WalletState {
  return useSyncExternalStore(walletSession.subscribe, walletSession.getState, walletSession.getState)
}
