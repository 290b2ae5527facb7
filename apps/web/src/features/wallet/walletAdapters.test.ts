import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it, vi } from 'vitest'
import { shortenAddress } from './address'
import { findWallets, type PhantomProvider } from './walletAdapters'

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

function phantomProvider(): PhantomProvider & { handlers: Map<string, (...args: unknown[]) => void> } {
  const handlers = new Map<string, (...args: unknown[]) => void>()
  return {
    isPhantom: true,
    handlers,
    connect: vi.fn(async () => ({ publicKey: { toString: () => ADDRESS } })),
    disconnect: vi.fn(async () => {}),
    on: (event, handler) => handlers.set(event, handler),
    off: (event) => handlers.delete(event),
  }
}

function standardWallet(name: string, chains: string[], accounts = [ADDRESS]): Wallet {
  const listeners = new Set<(properties: { accounts?: unknown[] }) => void>()
  const toAccounts = (list: string[]) =>
    list.map((address) => ({ address, publicKey: new Uint8Array(32), chains, features: [] }))
  return {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml,',
    chains: chains as Wallet['chains'],
    accounts: [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: vi.fn(async () => ({ accounts: toAccounts(accounts) })),
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (properties: { accounts?: unknown[] }) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        emit: (list: string[]) => {
          for (const listener of listeners) listener({ accounts: toAccounts(list) })
        },
      },
    },
  } as unknown as Wallet
}

describe('findWallets', () => {
  it("wraps Phantom's injected provider first and leaves out its Wallet Standard copy", async () => {
    const provider = phantomProvider()
    const found = findWallets({ phantom: { solana: provider } }, () => [
      standardWallet('Phantom', ['solana:mainnet']),
      standardWallet('Backpack', ['solana:devnet']),
      standardWallet('Ethereum only', ['eip155:1']),
    ])
    expect(found.map((wallet) => [wallet.name, wallet.kind])).toEqual([
      ['Phantom', 'injected'],
      ['Backpack', 'standard'],
    ])
    await expect(found[0].connect(true)).resolves.toBe(ADDRESS)
    expect(provider.connect).toHaveBeenCalledWith({ onlyIfTrusted: true })
    await found[0].connect(false)
    expect(provider.connect).toHaveBeenLastCalledWith(undefined)
  })

  it('accepts window.solana only when it says isPhantom', () => {
    const provider = phantomProvider()
    expect(findWallets({ solana: provider }, () => [])).toHaveLength(1)
    expect(findWallets({ solana: { ...provider, isPhantom: false } }, () => [])).toHaveLength(0)
  })

  it("turns Phantom's events into addresses and unsubscribes", () => {
    const provider = phantomProvider()
    const [phantom] = findWallets({ phantom: { solana: provider } }, () => [])
    const seen: (string | null)[] = []
    const off = phantom.subscribe((address) => seen.push(address))
    provider.handlers.get('connect')?.({ toString: () => ADDRESS })
    provider.handlers.get('accountChanged')?.(null)
    provider.handlers.get('disconnect')?.()
    expect(seen).toEqual([ADDRESS, null, null])
    off()
    expect(provider.handlers.size).toBe(0)
  })

  it('connects a Wallet Standard wallet silently or not and follows its change events', async () => {
    const wallet = standardWallet('Backpack', ['solana:devnet'])
    const [backpack] = findWallets({}, () => [wallet])
    await expect(backpack.connect(true)).resolves.toBe(ADDRESS)
    const connect = (wallet.features['standard:connect'] as { connect: ReturnType<typeof vi.fn> }).connect
    expect(connect).toHaveBeenCalledWith({ silent: true })
    const seen: (string | null)[] = []
    backpack.subscribe((address) => seen.push(address))
    const events = wallet.features['standard:events'] as unknown as { emit: (list: string[]) => void }
    events.emit([])
    events.emit([ADDRESS])
    expect(seen).toEqual([null, ADDRESS])
  })

  it('rejects a silent connect that returns no account', async () => {
    const [empty] = findWallets({}, () => [standardWallet('Empty', ['solana:devnet'], [])])
    await expect(empty.connect(true)).rejects.toThrow('no Solana account')
  })
})

it('shortens an address to its first 6 and last 4 characters', () => {
  expect(shortenAddress(ADDRESS)).toBe('7xKXtg…gAsU')
  expect(shortenAddress('short')).toBe('short')
})
