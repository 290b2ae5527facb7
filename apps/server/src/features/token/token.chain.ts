import type { Instruction, KeyPairSigner } from '@solana/kit'

// The seam between the faucet and a Solana network. Two implementations: the embedded in-process
// SVM (chain.local.ts, when no RPC URL is configured) and JSON-RPC (chain.rpc.ts). Both load
// lazily, with the Solana libraries behind them, the first time a token endpoint needs a chain.

export type ChainCluster = 'local' | 'devnet' | 'testnet' | 'mainnet-beta' | 'localnet'

export interface ChainAccount {
  lamports: bigint
  /** The owning program's address. */
  owner: string
  data: Uint8Array
}

export interface TokenChain {
  readonly cluster: ChainCluster
  /** What the header shows next to the address, e.g. "Local test chain", "Solana Devnet". */
  readonly networkName: string
  readonly mint: string
  readonly decimals: number
  /** Pays fees and activations and owns the faucet's token account. Stays on the server. */
  readonly faucet: KeyPairSigner
  /** Whether the chain's state survives a restart of the server. */
  readonly persistent: boolean
  /** The accounts at these addresses, null where there is none, read at commitment confirmed. */
  getAccounts(addresses: string[]): Promise<(ChainAccount | null)[]>
  minimumBalanceForRentExemption(dataLength: number): Promise<bigint>
  /**
   * Signs with the faucet (fee payer), sends, and waits for commitment confirmed. Resolves with
   * the signature; rejects with a ChainFailure. `onSigned` runs once the transaction is signed and
   * before it is submitted: a caller stores the signature there, so a process that stops
   * mid-transfer leaves a signature to ask the chain about. If it rejects, nothing is submitted.
   */
  send(instructions: Instruction[], onSigned?: OnSigned): Promise<string>
  /**
   * What became of a sent transaction: landed, refused, or not seen (yet, or ever). Rejects with a
   * ChainFailure when the chain cannot be asked.
   */
  signatureStatus(signature: string): Promise<SignatureStatus>
  /** Link to a block explorer for a transaction; null where there is none (the embedded chain). */
  explorerUrl(signature: string): string | null
  close(): Promise<void>
}

export type SignatureStatus = 'confirmed' | 'failed' | 'unknown'

/** Called with a transaction's signature between signing and submitting it. */
export type OnSigned = (signature: string) => Promise<void>

/**
 * Why the chain did not do what was asked, in one shape whatever the chain. `transaction` is the
 * runtime's TransactionError as the JSON-RPC API spells it (`"InsufficientFundsForFee"`,
 * `{"InstructionError": [2, {"Custom": 1}]}`); never shown to users as it is.
 */
export type ChainFailureReason =
  | { kind: 'unreachable' }
  | { kind: 'rejected'; transaction: unknown }
  | { kind: 'expired' }
  | { kind: 'unconfirmed'; signature: string }

export class ChainFailure extends Error {
  constructor(
    readonly reason: ChainFailureReason,
    /** For the server log only: what went wrong, scrubbed of URLs. */
    readonly note = '',
  ) {
    super(`chain failure: ${reason.kind}${note ? ` (${note})` : ''}`)
    this.name = 'ChainFailure'
  }
}

/** An error's message for the server log, without URLs (an RPC URL may carry an access key). */
export function scrub(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return message.replace(/\b\w+:\/\/\S+/g, '[url]').slice(0, 200)
}

/** Human names of the clusters, for the header's network label. */
export const NETWORK_NAMES: Record<ChainCluster, string> = {
  local: 'Local test chain',
  devnet: 'Solana Devnet',
  testnet: 'Solana Testnet',
  'mainnet-beta': 'Solana Mainnet',
  localnet: 'Solana Localnet',
}

/** A block explorer's page for a transaction; null where none can see it (embedded chain, localnet). */
export function explorerUrlFor(cluster: ChainCluster, signature: string): string | null {
  if (cluster === 'local' || cluster === 'localnet') return null
  const base = `https://explorer.solana.com/tx/${signature}`
  return cluster === 'mainnet-beta' ? base : `${base}?cluster=${cluster}`
}
