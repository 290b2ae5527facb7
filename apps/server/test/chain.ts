import { type TokenChain, type TokenChainSlot, tokenChainSlot } from '../src/features/token/index'

/** A chain slot a test controls: the app's own chain, until the test puts another in its place. */
export interface TestChainSlot extends TokenChainSlot {
  /** Answers `chain` instead of the app's own until restore() or close(). */
  use(chain: TokenChain): void
  restore(): void
}

/** The slot of a test app, opening its chain with `open` as the app would (openTokenChain). */
export function testChainSlot(open: () => Promise<TokenChain>): TestChainSlot {
  const own = tokenChainSlot(open)
  let standIn: TokenChain | null = null
  return {
    get: () => (standIn ? Promise.resolve(standIn) : own.get()),
    async close() {
      standIn = null
      await own.close()
    },
    use(chain) {
      standIn = chain
    },
    restore() {
      standIn = null
    },
  }
}
