import { describe, expect, it, vi } from 'vitest'
import type { WalletConnection } from './walletAdapters'
import { walletFailure } from './walletErrors'
import { createWalletSession, type WalletMemory } from './walletSession'

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

interface FakeWallet extends WalletConnection {
  emit(address: string | null): void
  connect: ReturnType<typeof vi.fn<(silent: boolean) => Promise<string>>>
  disconnect: ReturnType<typeof vi.fn<() => Promise<void>>>
}

function fakeWallet(
  name: string,
  kind: WalletConnection['kind'],
  connect: (silent: boolean) => Promise<string>,
): FakeWallet {
  const listeners = new Set<(address: string | null) => void>()
  return {
    name,
    kind,
    connect: vi.fn(connect),
    disconnect: vi.fn(async () => {}),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(address) {
      for (const listener of listeners) listener(address)
    },
  }
}

function memory(initial: string | null = null): WalletMemory & { value: string | null } {
  return {
    value: initial,
    get() {
      return this.value
    },
    set(value) {
      this.value = value
    },
  }
}

function setup(wallets: WalletConnection[], remembered: string | null = null, injected = true) {
  const idle: (() => void)[] = []
  const log = { info: vi.fn(), warn: vi.fn() }
  const mem = memory(remembered)
  const load = vi.fn(async () => ({ findWallets: () => wallets }))
  const session = createWalletSession({
    load,
    memory: mem,
    hasInjectedWallet: () => injected,
    whenIdle: (task) => idle.push(task),
    log,
  })
  const runIdle = async () => {
    for (const task of idle.splice(0)) task()
    // The fake wallet code and wallets answer at once: one macrotask settles them.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { session, log, mem, load, runIdle }
}

const rejected = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))

describe('wallet session', () => {
  it('starts disconnected and loads no wallet code until idle', () => {
    const { session, load } = setup([])
    session.start()
    expect(session.getState()).toEqual({
      status: 'disconnected',
      address: null,
      walletName: null,
      error: null,
    })
    expect(load).not.toHaveBeenCalled()
  })

  it('reconnects silently (onlyIfTrusted) when the wallet trusts the site', async () => {
    const phantom = fakeWallet('Phantom', 'injected', async () => ADDRESS)
    const { session, runIdle } = setup([phantom])
    session.start()
    session.start()
    await runIdle()
    expect(phantom.connect).toHaveBeenCalledTimes(1)
    expect(phantom.connect).toHaveBeenCalledWith(true)
    expect(session.getState()).toMatchObject({ status: 'connected', address: ADDRESS, walletName: 'Phantom' })
  })

  it("logs 'No trusted connection' and stays disconnected when the silent reconnect fails", async () => {
    const phantom = fakeWallet('Phantom', 'injected', rejected)
    const { session, log, runIdle } = setup([phantom])
    session.start()
    await runIdle()
    expect(log.info).toHaveBeenCalledWith('No trusted connection')
    expect(session.getState().status).toBe('disconnected')
  })

  it('tries no silent reconnect after the user disconnected, nor with an unused Wallet Standard wallet (nor loads the code)', async () => {
    const phantom = fakeWallet('Phantom', 'injected', async () => ADDRESS)
    const first = setup([phantom], '')
    first.session.start()
    await first.runIdle()
    expect(first.load).not.toHaveBeenCalled()
    expect(phantom.connect).not.toHaveBeenCalled()

    const backpack = fakeWallet('Backpack', 'standard', async () => ADDRESS)
    const second = setup([backpack])
    second.session.start()
    await second.runIdle()
    expect(backpack.connect).not.toHaveBeenCalled()

    const fourth = setup([backpack], null, false)
    fourth.session.start()
    await fourth.runIdle()
    expect(fourth.load).not.toHaveBeenCalled()

    const third = setup([backpack], 'Backpack', false)
    third.session.start()
    await third.runIdle()
    expect(backpack.connect).toHaveBeenCalledWith(true)
    expect(third.session.getState()).toMatchObject({ status: 'connected', walletName: 'Backpack' })
  })

  it('connect prompts the wallet, goes through connecting, and remembers the wallet', async () => {
    let resolve: (address: string) => void = () => {}
    const phantom = fakeWallet('Phantom', 'injected', () => new Promise((done) => (resolve = done)))
    const { session, mem } = setup([phantom])
    const seen: string[] = []
    session.subscribe(() => seen.push(session.getState().status))
    const pending = session.connect()
    expect(session.connect()).toBe(pending)
    await vi.waitFor(() => expect(phantom.connect).toHaveBeenCalledWith(false))
    resolve(ADDRESS)
    await expect(pending).resolves.toBe(ADDRESS)
    expect(seen).toEqual(['connecting', 'connected'])
    expect(mem.value).toBe('Phantom')
    expect(phantom.connect).toHaveBeenCalledTimes(1)
  })

  it('logs and rethrows a refused connect, keeping the error', async () => {
    const phantom = fakeWallet('Phantom', 'injected', rejected)
    const { session, log } = setup([phantom])
    const failure = await session.connect().catch((error: unknown) => error)
    expect(walletFailure(failure)).toBe('rejected')
    expect(log.warn).toHaveBeenCalledWith('Wallet connection failed', failure)
    expect(session.getState()).toMatchObject({ status: 'disconnected', error: failure })
  })

  it('fails with WalletNotFoundError when the browser has no wallet', async () => {
    const { session } = setup([])
    const failure = await session.connect().catch((error: unknown) => error)
    expect(walletFailure(failure)).toBe('not-installed')
    expect((failure as Error).message).toBe('Please install Phantom')
  })

  it("follows the wallet's connect, account change and disconnect events", async () => {
    const phantom = fakeWallet('Phantom', 'injected', rejected)
    const { session, runIdle } = setup([phantom])
    session.start()
    await runIdle()
    phantom.emit(ADDRESS)
    expect(session.getState()).toMatchObject({ status: 'connected', address: ADDRESS })
    phantom.emit(OTHER)
    expect(session.getState().address).toBe(OTHER)
    phantom.emit(null)
    expect(session.getState().status).toBe('disconnected')
  })

  it('disconnect resets at once, tells the wallet, and a late silent answer does not reconnect', async () => {
    let answer: (address: string) => void = () => {}
    const phantom = fakeWallet('Phantom', 'injected', (silent) =>
      silent ? new Promise((done) => (answer = done)) : Promise.resolve(ADDRESS),
    )
    const { session, mem, runIdle } = setup([phantom])
    session.start()
    await runIdle()
    await session.disconnect()
    answer(ADDRESS)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(session.getState().status).toBe('disconnected')
    expect(mem.value).toBe('')

    await session.connect()
    expect(mem.value).toBe('Phantom')
    await session.disconnect()
    expect(phantom.disconnect).toHaveBeenCalledTimes(1)
    expect(session.getState()).toMatchObject({ status: 'disconnected', address: null })
    expect(mem.value).toBe('')
  })
})
