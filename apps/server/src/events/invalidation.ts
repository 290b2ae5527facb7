import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DatabaseHandle, Db } from '../db/index'

/** The LISTEN/NOTIFY channel on which a process tells the others to forget what they keep. */
export const INVALIDATE_CHANNEL = 'agora_invalidate'

/**
 * What each server process keeps in memory of what the database holds (today the anonymous read
 * cache; sessions are asked of the database on every request, http/auth.ts) is forgotten in every
 * process when any of them writes: through PostgreSQL's NOTIFY on the database they share, so it
 * works without Redis. A NOTIFY sent inside a transaction is delivered when it commits and dropped
 * when it rolls back, so no process reloads before the write can be read. The payload names the
 * sender, which has already forgotten its own. With PGlite there is one process: nothing to tell.
 */
export interface Invalidation {
  /** Inside `trx`: the other processes forget when `trx` commits (writes raising domain events). */
  tellInTransaction(trx: Db): Promise<void>
  /** After a write committed (an answered request): one NOTIFY per turn of the event loop. */
  tellCommitted(log: { warn(details: object, message: string): void }): void
  /** Listens (one connection of its own; a lost one is opened again, and then everything is forgotten). */
  start(): Promise<void>
  stop(): Promise<void>
}

export function createInvalidation(
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>,
  forget: () => void,
): Invalidation {
  if (database.kind === 'pglite') {
    return {
      tellInTransaction: async () => {},
      tellCommitted() {},
      start: async () => {},
      stop: async () => {},
    }
  }
  const self = randomBytes(8).toString('hex')
  const notify = (db: Db) => sql`select pg_notify(${INVALIDATE_CHANNEL}, ${self})`.execute(db)
  let queued = false
  let unlisten: (() => Promise<void>) | null = null
  return {
    async tellInTransaction(trx) {
      await notify(trx)
    },
    tellCommitted(log) {
      if (queued) return
      queued = true
      setImmediate(() => {
        queued = false
        notify(database.db).catch((err) =>
          log.warn({ err }, 'other processes were not told of a write; they may show it READ_CACHE_MS late'),
        )
      })
    },
    async start() {
      unlisten ??= await database.listen(
        INVALIDATE_CHANNEL,
        (sender) => {
          if (sender !== self) forget()
        },
        // Notifications sent while the connection was down were not heard.
        forget,
      )
    },
    async stop() {
      const stopping = unlisten
      unlisten = null
      await stopping?.()
    },
  }
}
