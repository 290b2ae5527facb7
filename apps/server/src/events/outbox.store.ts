import { sql } from 'kysely'
import type { Db } from '../db/index'
import { claimDue } from '../db/queues'

/** A claimed delivery: `attempts` is this claim's fencing token. */
export interface Delivery {
  id: string
  event: string
  handler: string
  payload: unknown
  attempts: number
}

const CLAIM = { key: 'id', counter: 'attempts', returning: 'id::text, event, handler, payload, attempts' }

export function outboxStore(db: Db) {
  return {
    async enqueue(deliveries: { event: string; handler: string; payload: unknown }[]) {
      if (deliveries.length === 0) return
      await db
        .insertInto('event_outbox')
        .values(deliveries.map((d) => ({ ...d, payload: JSON.stringify(d.payload) })))
        .execute()
    },

    /** Takes the next due delivery; `attempts` counts the claims. */
    claim(leaseSeconds: number): Promise<Delivery | null> {
      return claimDue<Delivery>(db, 'outbox', CLAIM, leaseSeconds)
    },

    /** Removes a handled delivery; false when the claim is no longer current (lease lost). */
    async complete(delivery: Delivery): Promise<boolean> {
      const result = await db
        .deleteFrom('event_outbox')
        .where('id', '=', delivery.id)
        .where('attempts', '=', delivery.attempts)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },

    /** Puts the delivery back to run after `delaySeconds`, or ends it as failed (`delaySeconds` null). */
    async release(delivery: Delivery, delaySeconds: number | null, error: string) {
      await db
        .updateTable('event_outbox')
        .set({
          lease_until: null,
          last_error: error.slice(0, 2000),
          ...(delaySeconds === null
            ? { failed_at: sql`now()` }
            : { run_after: sql`now() + make_interval(secs => ${delaySeconds})` }),
        })
        .where('id', '=', delivery.id)
        .where('attempts', '=', delivery.attempts)
        .execute()
    },

    /** Deliveries still waiting (or failed for good), for tests and operators. */
    async pending(): Promise<{ event: string; handler: string; attempts: number; failed: boolean }[]> {
      const rows = await db
        .selectFrom('event_outbox')
        .select(['event', 'handler', 'attempts', 'failed_at'])
        .orderBy('id')
        .execute()
      return rows.map(({ failed_at, ...row }) => ({ ...row, failed: failed_at !== null }))
    },
  }
}
