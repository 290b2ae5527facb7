/** What went wrong with a wallet connect, for the header's toasts (product-spec §2, §5, §8). */
export type WalletFailure = 'not-installed' | 'rejected' | 'failed'

/** Phantom (and EIP-1193-style wallets) reject a refused request with this code. */
export const USER_REJECTED_CODE = 4001

/** The wallet whose installation we suggest when the browser has none. */
export const SUGGESTED_WALLET = 'Phantom'

/** Connect was asked for with no wallet in the browser. */
export class WalletNotFoundError extends Error {
  override name = 'WalletNotFoundError'
  constructor(readonly walletName: string = SUGGESTED_WALLET) {
    super(`Please install ${walletName}`)
  }
}

export function walletFailure(error: unknown): WalletFailure {
  if (error instanceof WalletNotFoundError) return 'not-installed'
  if (error && typeof error === 'object' && 'code' in error && error.code === USER_REJECTED_CODE)
    return 'rejected'
  return 'failed'
}
