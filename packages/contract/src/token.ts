import Type, { type Static } from 'typebox'
import { Nullable } from './common'

export const SolanaAddress = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'A base58 Solana address',
})

/** A transaction's page on a public explorer; null on the embedded test chain, which no explorer can see. */
export const ExplorerUrl = Nullable(Type.String())

/** POST /api/v1/token/faucet */
export const FaucetRequest = Type.Object({
  address: SolanaAddress,
  /** Whole tokens, more than 0 and at most the faucet's max_per_request; up to 9 decimals. */
  amount: Type.Number(),
})
export type FaucetRequest = Static<typeof FaucetRequest>

export const FaucetResponse = Type.Object({
  address: Type.String(),
  amount: Type.Number(),
  /** The transaction's signature (its hash, as explorers call it). */
  signature: Type.String(),
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
  mint: Type.String(),
  decimals: Type.Integer(),
  /** The address the faucet sends from (public on any explorer anyway). */
  faucet_address: Type.String(),
  max_per_request: Type.Number(),
  daily_limit: Type.Number(),
  /** Tokens the signed-in caller may still get in the rolling 24 hours; null when not signed in. */
  remaining_today: Nullable(Type.Number()),
  /** Whether the chain keeps its state across server restarts. */
  persistent: Type.Boolean(),
})
export type TokenInfoResponse = Static<typeof TokenInfoResponse>

/** GET /api/v1/token/balance?address= */
export const TokenBalanceQuery = Type.Object({ address: SolanaAddress })
export type TokenBalanceQuery = Static<typeof TokenBalanceQuery>

export const TokenBalanceResponse = Type.Object({
  address: Type.String(),
  /** SOL, as a decimal number. */
  sol: Type.Number(),
  /** Whole tokens, as a decimal number. */
  tokens: Type.Number(),
  /** The exact amounts, as decimal strings of base units (lamports; 10^-9 tokens). */
  lamports: Type.String(),
  base_units: Type.String(),
})
export type TokenBalanceResponse = Static<typeof TokenBalanceResponse>
