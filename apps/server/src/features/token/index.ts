export { isSolanaAddress } from '../../config.solana-keys'
export { openTokenChain, type TokenChainSlot, tokenChainSlot } from './chain.open'
export { ChainFailure, explorerUrlFor, scrub, type TokenChain } from './token.chain'
export { tokenRoutes } from './token.routes'
export {
  fateOf,
  type Settled,
  storeSignatureFirst,
  sweepEveryMinute,
  transferRows,
  UNSIGNED_AFTER_MS,
} from './token.settle'
export { faucetTotal } from './token.store'

// The Solana libraries load with the first transfer: only a dynamic import of this brings them in.
export const loadTransfer = () => import('./token.transfer')
