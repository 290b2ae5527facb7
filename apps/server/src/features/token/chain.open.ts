import type { Config } from '../../config'
import type { TokenChain } from './token.chain'

// One chain per app (keyed by its config object), created on first use. A failed start is not
// kept, so the next request tries again (e.g. the RPC node was briefly unreachable).
const chains = new WeakMap<Config, Promise<TokenChain>>()

export function tokenChainFor(config: Config): Promise<TokenChain> {
  let chain = chains.get(config)
  if (!chain) {
    chain = openChain(config)
    chains.set(config, chain)
    chain.catch(() => chains.delete(config))
  }
  return chain
}

/** Tests hand in a chain of their own (e.g. a faucet with no SOL) for an app's config. */
export function provideTokenChain(config: Config, chain: TokenChain) {
  chains.set(config, Promise.resolve(chain))
}

/** Closes the app's chain if one was opened (the embedded one saves its state). */
export async function closeTokenChain(config: Config) {
  const chain = chains.get(config)
  chains.delete(config)
  if (chain) await (await chain.catch(() => null))?.close()
}

async function openChain(config: Config): Promise<TokenChain> {
  if (config.token.rpcUrl) {
    const { openRpcChain } = await import('./chain.rpc')
    return openRpcChain(config.token)
  }
  const { openLocalChain } = await import('./chain.local')
  return openLocalChain({ stateDir: config.dataDir, faucetKeypair: config.token.faucetKeypair })
}
