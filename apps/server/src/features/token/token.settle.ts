import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/index'
import type { OnSigned, TokenChain } from './token.chain'

// A faucet grant or a reward claim is a pending row first; its transfer is then signed, its
// signature stored in the row, and only then submitted (TokenChain.send's onSigned). A process
// stopped anywhere in between leaves the row pending, and settling decides its fate later from the
// chain and the row's age, never from a guess: a signature the chain has seen answers for itself,
// and a transfer that was never signed, or signed too long ago, can no longer land.

/**
 * A row still without a signature this long after it was made had its request stop before
 * signing: it is failed. Signing is refused past this age (see {@link storeSignatureFirst}), so
 * failing such a row can never race a transfer that is about to be submitted.
 */
export const UNSIGNED_AFTER_MS = 2 * 60_000

/**
 * A signed transfer still unseen this long after its row can no longer land: it was signed within
 * UNSIGNED_AFTER_MS of the row, and its blockhash expired some 150 blocks (60–90 s) after that on a
 * real cluster. The embedded chain's blockhash does not expire by itself, but a signed transaction
 * exists only in the memory of the process that signed it, and that process is gone or gave up.
 */
export const SETTLE_AFTER_MS = 10 * 60_000

/** What became of a pending row's transfer; `open` while it may still land (or still be signed). */
export type Fate = 'landed' | 'refused' | 'expired' | 'unsigned' | 'open'

/** A settled fate, never `open`. */
export type Settled = Exclude<Fate, 'open'>

export async function fateOf(
  row: { signature: string | null; created_at: Date },
  chain: () => Promise<TokenChain>,
  now = Date.now(),
): Promise<Fate> {
  const age = now - row.created_at.getTime()
  if (!row.signature) return age > UNSIGNED_AFTER_MS ? 'unsigned' : 'open'
  const status = await (await chain()).signatureStatus(row.signature)
  if (status === 'confirmed') return 'landed'
  if (status === 'failed') return 'refused'
  return age > SETTLE_AFTER_MS ? 'expired' : 'open'
}

/**
 * The onSigned of a grant or a claim: `record` stores the signature in the row if the row is still
 * pending, unsigned and younger than `madeAfter`, and answers whether it did. When it did not
 * (the row was settled meanwhile, or is too old to sign for), the transaction is not submitted.
 */
export function storeSignatureFirst(
  record: (signature: string, madeAfter: Date) => Promise<boolean>,
): OnSigned {
  return async (signature) => {
    if (!(await record(signature, new Date(Date.now() - UNSIGNED_AFTER_MS)))) {
      throw new Error('the transfer was not submitted: its row no longer waits for a signature')
    }
  }
}

const SWEEP_INTERVAL_MS = 60_000

/**
 * Runs `sweep` every minute while the app is up: it settles the rows a stopped server left pending
 * for users who do not come back (one indexed query when nothing is pending). A failed sweep is
 * logged and tried again a minute later.
 */
export function sweepEveryMinute(
  app: FastifyInstance,
  what: string,
  sweep: (log: FastifyBaseLogger) => Promise<void>,
) {
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    const run = () =>
      sweep(app.log).catch((error) => app.log.warn({ error: error?.name }, `${what} sweep failed`))
    timer = setInterval(run, SWEEP_INTERVAL_MS).unref()
  })
  app.addHook('preClose', async () => clearInterval(timer))
}

/**
 * The status changes of a table of transfer rows (faucet grants, reward claims: the same columns),
 * written once for both. `landed` is the table's word for a transfer that reached the chain.
 */
export function transferRows(db: Db, table: 'faucet_grants' | 'reward_claims', landed: 'confirmed' | 'paid') {
  const rows = sql.table(table)
  const changed = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows.length > 0
  return {
    /**
     * Stores the signature of a row's transfer before it is submitted; false (nothing stored) when
     * the row is no longer pending and unsigned, or was made before `madeAfter`.
     */
    recordSignature: (id: string, signature: string, madeAfter: Date): Promise<boolean> =>
      changed(sql`update ${rows} set signature = ${signature}, updated_at = now()
                  where id = ${id} and status = 'pending' and signature is null and created_at > ${madeAfter}
                  returning id`),

    /** The transfer landed. A note left while it was unconfirmed no longer applies. */
    async markLanded(id: string, signature: string) {
      await sql`update ${rows} set status = ${landed}, signature = ${signature}, failure = null, updated_at = now()
                where id = ${id}`.execute(db)
    },

    /** Fails a pending row; false when it was settled already (so it is undone only once). */
    markFailed: (id: string, failure: string): Promise<boolean> =>
      changed(sql`update ${rows} set status = 'failed', failure = ${failure}, updated_at = now()
                  where id = ${id} and status = 'pending' returning id`),

    /** Sent but not seen confirmed: stays pending, with its signature to check later. */
    async markUnconfirmed(id: string, signature: string, note: string) {
      await sql`update ${rows} set signature = ${signature}, failure = ${note}, updated_at = now()
                where id = ${id}`.execute(db)
    },
  }
}
