import { Kysely, type Transaction, type TransactionBuilder } from 'kysely'

/** What is to run once a transaction commits, by the handle its work was given. */
const committing = new WeakMap<object, (() => void)[]>()

/**
 * A Kysely whose transactions (`transaction().execute`) run what was asked of them through
 * `afterCommit` once they have committed — before `execute` answers — and drop it when they roll back.
 */
export class CommitAwareKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction()
    const execute = builder.execute.bind(builder)
    builder.execute = async <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
      const then: (() => void)[] = []
      const result = await execute((trx) => {
        committing.set(trx, then)
        return work(trx)
      })
      for (const run of then) run()
      return result
    }
    return builder
  }
}

/**
 * Runs `then` (which must not throw: it should only queue work) once `db`'s transaction commits,
 * and never if it rolls back; at once when `db` is no transaction (its statements committed as they
 * ran). Answers false, doing nothing, for a transaction this cannot follow: one not opened by a
 * CommitAwareKysely (on a connection of its own, `withoutRequestLimits`) or a handle derived from it
 * (`withPlugin`).
 */
export function afterCommit(db: Pick<Kysely<unknown>, 'isTransaction'>, then: () => void): boolean {
  if (!db.isTransaction) {
    then()
    return true
  }
  const queued = committing.get(db)
  if (!queued) return false
  queued.push(then)
  return true
}
