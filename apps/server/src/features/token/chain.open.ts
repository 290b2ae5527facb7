import type { Config } from '../../config'
import type { TokenChain } from './token.chain'

/** The app's chain, opened on first use and closed with the app (the embedded one saves its state). */
export interface TokenChainSlot {
  get(): Promise<TokenChain>
  close(): Promise<void>
}

declare module '../../context' {
  interface FeatureParts {
    tokenChain: TokenChainSlot
  }
}

/** A slot that opens its chain with `open` when first asked; a failed start is not kept, so the next ask tries again. */
export function tokenChainSlot(open: () => Promise<TokenChain>): TokenChainSlot {
  let chain: Promise<TokenChain> | null = null
  return {
    get() {
      if (!chain) {
        const opening = open()
        chain = opening
        opening.catch(() => {
          if (chain === opening) chain = null
        })
      }
      return chain
    },
    async close() {
      const closing = chain
      chain = null
      if (closing) await (await closing.catch(() => null))?.close()
    },
  }
}

/** The chain the configuration names: an RPC cluster, or the embedded one kept in DATA_DIR. */
export async function openTokenChain(config: Config): Promise<TokenChain> {
  if (config.token.rpcUrl) {
    const { openRpcChain } = await import('./chain.rpc')
    return openRpcChain(config.token)
  }
  const { openLocalChain } = await import('./chain.local')
  return openLocalChain({ stateDir: config.dataDir, faucetKeypair: config.token.faucetKeypair })
}
