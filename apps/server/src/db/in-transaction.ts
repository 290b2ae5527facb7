import type { Db } from './index'

/** Runs `work` in a transaction, or in the caller's when the handle already is one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
