import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { RewardClaimRow } from '../../db/schema'
import { transferRows } from '../token/index'
import { sumText } from './rewards.store'

export type ClaimRow = Omit<RewardClaimRow, 'updated_at'>

/** A claim's amount as text, as the ledger reads amounts (rewards.store.ts `sumText`). */
const amountText = sql<string>`amount::text`.as('amount')

/**
 * The claims: a user's request to have what they earned sent to
 * their wallet, its ledger entry (and refund), and its settlement. What is earned is the ledger's
 * (rewards.store.ts).
 */
export function claimsStore(db: Db) {
  return {
    /** Signature and status changes of claims (shared with faucet grants). */
    ...transferRows(db, 'reward_claims', 'paid'),

    async insertClaimEntry(
      claim: { id: string; user_id: string; amount: bigint },
      reason: 'claim' | 'claim_refund',
    ) {
      await db
        .insertInto('reward_entries')
        .values({
          id: uuidv7(),
          user_id: claim.user_id,
          amount: reason === 'claim' ? -claim.amount : claim.amount,
          reason,
          source_kind: 'claim',
          source_id: claim.id,
        })
        .execute()
    },

    insertClaim(claim: { id: string; user_id: string; client_key: string; address: string; amount: bigint }) {
      return db.insertInto('reward_claims').values(claim).execute()
    },

    findClaimByKey(userId: string, clientKey: string) {
      return claims().where('user_id', '=', userId).where('client_key', '=', clientKey).executeTakeFirst()
    },

    /** Users with a claim pending since before `before`, oldest claim first. */
    async staleClaimants(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('reward_claims')
        .select('user_id')
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute()
      return rows.map((row) => row.user_id)
    },

    pendingClaim(userId: string) {
      return claims().where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst()
    },

    listClaims(userId: string, limit: number) {
      return claims()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },

    findClaim(id: string) {
      return claims().where('id', '=', id).executeTakeFirst()
    },

    /** Base units paid out by claims, for /stats. */
    async paidTotal(): Promise<bigint> {
      const row = await db
        .selectFrom('reward_claims')
        .select(sumText().as('total'))
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow()
      return BigInt(row.total)
    },
  }

  function claims() {
    return db
      .selectFrom('reward_claims')
      .select(['id', 'user_id', 'client_key', 'address', 'status', 'signature', 'failure', 'created_at'])
      .select(amountText)
  }
}
