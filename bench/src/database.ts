import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { type Db, openDatabase } from '../../apps/server/src/db/index'
import type { Database } from '../../apps/server/src/db/schema'

/** The bench database: a PostgreSQL URL, or a PGlite data directory. */
export type BenchTarget = { url: string } | { pgliteDir: string }

/**
 * One connection to the bench database. PostgreSQL gets its own pool instead of the server's,
 * whose query timeout suits requests, not a bulk load that runs for minutes.
 */
export async function openBenchDatabase(target: BenchTarget, url = 'url' in target ? target.url : null) {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, close: () => db.destroy() }
  }
  const { db, close } = await openDatabase({
    url: null,
    pgliteDir: (target as { pgliteDir: string }).pgliteDir,
  })
  return { db, close }
}
