import Type, { type Static } from 'typebox'
import { Nullable } from './common'

export const SolanaAddress = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'A base58 Solana address',
})

/** A base58 string as the chain writes it: an address or a transaction's signature. */
const Base58 = Type.String()

/** An amount of whole tokens, as a decimal number. */
const Tokens = Type.Number()

/** A transaction's page on a public explorer; null on the embedded test chain, which no explorer can see. */
export const ExplorerUrl = Nullable(Type.String())

/** POST /api/v1/token/faucet */
export const FaucetRequest = Type.Object({
  address: SolanaAddress,
  /** More than 0 and at most the faucet's max_per_request; up to 9 decimals. */
  amount: Tokens,
})
export type FaucetRequest = Static<typeof FaucetRequest>

export const FaucetResponse = Type.Object({
  address: Base58,
  amount: Tokens,
  /** The transaction's signature (its hash, as explorers call it). */
  signature: Base58,
  time: Type.String({ format: 'date-time' }),
  cluster: Type.String(),
  explorer_url: ExplorerUrl,
})
export type FaucetResponse = Static<typeof FaucetResponse>

/** GET /api/v1/token/info */
export const TokenInfoResponse = Type.Object({
  /** `local` for the embedded test chain; otherwise the Solana cluster (devnet, mainnet-beta, …). */
  cluster: Type.String(),
  network_name: Type.String(),
  mint: Base58,
  decimals: Type.Integer(),
  /** The address the faucet sends from (public on any explorer anyway). */
  faucet_address: Base58,
  max_per_request: Tokens,
  daily_limit: Tokens,
  /** Tokens the signed-in caller may still get in the rolling 24 hours; null when not signed in. */
  remaining_today: Nullable(Tokens),
  /** Whether the chain keeps its state across server restarts. */
  persistent: Type.Boolean(),
})
export type TokenInfoResponse = Static<typeof TokenInfoResponse>

/** GET /api/v1/token/balance?address= */
export const TokenBalanceQuery = Type.Object({ address: SolanaAddress })
export type TokenBalanceQuery = Static<typeof TokenBalanceQuery>

export const TokenBalanceResponse = Type.Object({
  address: Base58,
  /** SOL, as a decimal number. */
  sol: Type.Number(),
  tokens: Tokens,
  /** The exact amounts, as decimal strings of base units (lamports; 10^-9 tokens). */
  lamports: Type.String(),
  base_units: Type.String(),
})
export type TokenBalanceResponse = Static<typeof TokenBalanceResponse>
