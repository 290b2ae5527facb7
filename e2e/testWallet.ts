/// <reference lib="dom" />
// The init-script and page.evaluate callbacks run in the browser: they use DOM globals.
/**
 * A stand-in for a browser wallet in e2e tests, and fresh Solana addresses: for the wallet spec and
 * every screen that takes an address from the connected wallet.
 */
import { generateKeyPairSync } from 'node:crypto'
import { waitFor } from '@agora/test-kit'
import type { Page } from '@playwright/test'
import { getAddressDecoder } from '@solana/kit'

/** A fresh, valid Solana address: the base58 of a new Ed25519 public key. */
export function newAddress(): string {
  const { publicKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  return getAddressDecoder().decode(raw)
}

export interface TestWalletOptions {
  address: string
  /** The wallet already trusts the site: connect({onlyIfTrusted: true}) succeeds. */
  trusted?: boolean
  /** The user refuses the connect prompt ({code: 4001}). */
  reject?: boolean
  /** The prompt fails for another reason (a plain Error with this message). */
  failWith?: string
  /** How long the prompt takes before it answers. */
  delayMs?: number
}

export interface TestWalletHandle {
  calls: ({ onlyIfTrusted?: boolean } | null)[]
  emit(event: string, ...args: unknown[]): void
}

/**
 * Injects a stand-in for the Phantom extension (which cannot run in CI) before any page script:
 * `window.phantom.solana` and `window.solana`, with isPhantom, connect({onlyIfTrusted}), disconnect and
 * on/off events, as the extension offers them. `window.__testWallet` lets a test fire its events.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions) {
  await page.addInitScript(
    ({ address, trusted = false, reject = false, failWith, delayMs = 0 }: TestWalletOptions) => {
      const handlers = new Map<string, Set<(...args: unknown[]) => void>>()
      const calls: TestWalletHandle['calls'] = []
      const emit = (event: string, ...args: unknown[]) => {
        for (const handler of handlers.get(event) ?? []) handler(...args)
      }
      const publicKey = { toString: () => address, toBase58: () => address }
      const refused = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const wallet = {
        isPhantom: true,
        isConnected: false,
        publicKey: null as typeof publicKey | null,
        async connect(request?: { onlyIfTrusted?: boolean }) {
          calls.push(request ?? null)
          if (request?.onlyIfTrusted) {
            if (!trusted) throw refused()
          } else {
            await new Promise((resolve) => setTimeout(resolve, delayMs))
            if (reject) throw refused()
            if (failWith) throw new Error(failWith)
          }
          wallet.isConnected = true
          wallet.publicKey = publicKey
          emit('connect', publicKey)
          return { publicKey }
        },
        async disconnect() {
          wallet.isConnected = false
          wallet.publicKey = null
          emit('disconnect')
        },
        on(event: string, handler: (...args: unknown[]) => void) {
          const set = handlers.get(event) ?? new Set()
          set.add(handler)
          handlers.set(event, set)
        },
        off(event: string, handler: (...args: unknown[]) => void) {
          handlers.get(event)?.delete(handler)
        },
      }
      const scope = window as unknown as Record<string, unknown>
      scope.phantom = { solana: wallet }
      scope.solana = wallet
      scope.__testWallet = { calls, emit } satisfies TestWalletHandle
    },
    options,
  )
}

export function testWalletCalls(page: Page) {
  return page.evaluate(() => (window as unknown as { __testWallet: TestWalletHandle }).__testWallet.calls)
}

/**
 * Records, before any page script, which localStorage keys the page reads: the wallet session reads
 * its remembered wallet (walletSession.ts, LAST_WALLET_KEY) when it decides on a silent reconnect.
 */
export async function watchStorageReads(page: Page) {
  await page.addInitScript(() => {
    const reads: string[] = []
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (this: Storage, key: string) {
      reads.push(key)
      return getItem.call(this, key)
    }
    ;(window as unknown as { __storageReads: string[] }).__storageReads = reads
  })
}

/**
 * Waits until the wallet session has decided whether to reconnect silently on this page load (it
 * read the remembered wallet, and decides at once when there is nothing to reconnect to), so a test
 * can then assert that nothing happened. Needs watchStorageReads before the page loads.
 */
export async function walletSessionDecided(page: Page) {
  await waitFor(
    () =>
      page.evaluate(() =>
        (window as unknown as { __storageReads: string[] }).__storageReads.includes('wallet_last'),
      ),
    "the wallet session's silent-reconnect decision (its read of wallet_last)",
  )
}
