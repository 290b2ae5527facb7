import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { FaucetGrantRow } from '../../db/schema'
import { transferRows } from './token.settle'

/** Who a limit is counted for: the signed-in user, the receiving address, the caller's IP. */
export interface GrantParties {
  userId: string
  address: string
  ip: string
}

export type GrantUsage = Pick<FaucetGrantRow, 'user_id' | 'address' | 'ip' | 'amount' | 'created_at'>

export function tokenStore(db: Db) {
  return {
    /** Signature and status changes of grants (shared with reward claims). */
    ...transferRows(db, 'faucet_grants', 'confirmed'),

    /**
     * Holds, until the transaction ends, one advisory lock per party, so that two requests
     * sharing a user, an address or an IP check and record their grants one after the other.
     * Locks are taken in a fixed order, so two requests never wait on each other in a circle.
     */
    async lockParties(parties: GrantParties) {
      const keys = [
        `faucet:user:${parties.userId}`,
        `faucet:address:${parties.address}`,
        `faucet:ip:${parties.ip}`,
      ]
      for (const key of keys.sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db)
      }
    },

    /** Grants that count against the limits (pending or confirmed) since `since`, oldest first. */
    usageSince(parties: Partial<GrantParties>, since: Date): Promise<GrantUsage[]> {
      return db
        .selectFrom('faucet_grants')
        .select(['user_id', 'address', 'ip', 'amount', 'created_at'])
        .where('status', '!=', 'failed')
        .where('created_at', '>', since)
        .where((eb) =>
          eb.or([
            ...(parties.userId ? [eb('user_id', '=', parties.userId)] : []),
            ...(parties.address ? [eb('address', '=', parties.address)] : []),
            ...(parties.ip ? [eb('ip', '=', parties.ip)] : []),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    insertGrant(grant: {
      id: string
      user_id: string
      address: string
      ip: string
      amount: number
      cluster: string
      mint: string
      created_at: Date
    }) {
      return db.insertInto('faucet_grants').values(grant).execute()
    },

    /** The user's grants still pending, oldest first: what settling looks at. */
    pendingGrants(userId: string) {
      return pending().where('user_id', '=', userId).execute()
    },

    /** Anyone's grants still pending that were made before `madeBefore`, oldest first. */
    stalePendingGrants(madeBefore: Date, limit: number) {
      return pending().where('created_at', '<', madeBefore).limit(limit).execute()
    },

    findGrant(id: string): Promise<FaucetGrantRow | undefined> {
      return db.selectFrom('faucet_grants').selectAll().where('id', '=', id).executeTakeFirst()
    },
  }

  function pending() {
    return db
      .selectFrom('faucet_grants')
      .select(['id', 'signature', 'created_at'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
  }
}
export type TokenStore = ReturnType<typeof tokenStore>

/** Tokens the faucet has given out: confirmed grants only (pending ones may still fail). */
export async function faucetTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom('faucet_grants')
    .select(sql<number>`coalesce(sum(amount), 0)::float8`.as('total'))
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow()
  return row.total
}

/** Whole tokens the faucet has given out, for /api/v1/stats. */
export async function tokensDistributed(db: Db): Promise<number> {
  return Math.floor(await faucetTotal(db))
}
