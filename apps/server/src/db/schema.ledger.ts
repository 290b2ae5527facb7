import type { ContentKind, RewardReason } from '@agora/contract'
import type { ColumnType, Selectable } from 'kysely'

// The token's tables: faucet grants (features/token) and the rewards ledger and its claims (features/rewards).

/** A transfer the server sends on chain (a faucet grant, a rewards claim): its outcome and times. */
export interface ChainTransferColumns {
  signature: string | null
  failure: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** A faucet request that passed the limits; pending and confirmed grants count against them. */
export interface FaucetGrantsTable extends ChainTransferColumns {
  id: string
  user_id: string | null
  address: string
  ip: string
  /** Whole tokens (numeric(20, 9), read back as a number). */
  amount: ColumnType<number, number | string, never>
  cluster: string
  mint: string
  status: ColumnType<'pending' | 'confirmed' | 'failed', 'pending' | undefined, 'confirmed' | 'failed'>
}
export type FaucetGrantRow = Selectable<FaucetGrantsTable>

/**
 * One row of the rewards ledger (features/rewards); never updated. `amount` is integer base units:
 * written as a bigint, and read as text (`amount::text`) because the driver reads int8 as a number.
 */
export interface RewardEntriesTable {
  id: string
  user_id: string
  amount: ColumnType<string, bigint | string, never>
  reason: RewardReason
  source_kind: ContentKind | 'like' | 'claim' | 'bounty' | 'award'
  source_id: string
  target_id: string | null
  post_id: string | null
  reverses: string | null
  created_at: ColumnType<Date, Date | string | undefined, never>
}
export type RewardEntryRow = Selectable<RewardEntriesTable>

/** Entries of an earning reason a user earned on a UTC day (the daily caps); see migration 0008. */
export interface RewardDayCountsTable {
  user_id: string
  reason: RewardReason
  /** 'YYYY-MM-DD' (UTC). */
  day: string
  earned: number
  granted: ColumnType<number, number | undefined, number>
}

/** A claim of rewards to a wallet; its ledger debit is a `claim` entry with the claim's id. */
export interface RewardClaimsTable extends ChainTransferColumns {
  id: string
  user_id: string
  client_key: string
  address: string
  amount: ColumnType<string, bigint | string, never>
  status: ColumnType<'pending' | 'paid' | 'failed', 'pending' | undefined, 'paid' | 'failed'>
}
export type RewardClaimRow = Selectable<RewardClaimsTable>
