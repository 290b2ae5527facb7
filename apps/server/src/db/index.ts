import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { Kysely, type MigrationResultSet, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations/index'
import { PGliteDialect } from './pglite-dialect'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type DbKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Db
  kind: DbKind
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; null opens PGlite. */
  url: string | null
  /** PGlite data directory; null keeps PGlite in memory (tests). */
  pgliteDir: string | null
  poolSize?: number
}

// bigint columns (counts, sums) come back as numbers, as PGlite returns them: every count we keep
// stays far below 2^53.
const INT8_OID = 20
const NUMERIC_OID = 1700

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that is down or unreachable fails a request within seconds instead of holding
      // it. No query timeout: a migration on a large table may rightly take minutes.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // No JIT: the planner's estimates for the search's candidate queries (a fallback scan that
      // rarely runs) pass jit_above_cost, and compiling them took 30–80 ms of a 20 ms search.
      // Every query here is short; JIT pays off only for long analytical ones.
      options: '-c jit=off',
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value)
          return pg.types.getTypeParser(oid, format)
        }) as typeof pg.types.getTypeParser,
      },
    })
    // A client losing its connection (database restart) must not crash the process: idle ones are
    // reported by the pool, checked-out ones by themselves (their query fails and answers 503).
    pool.on('error', () => {})
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const pglite = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    extensions: { pg_trgm, unaccent },
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return { db, kind: 'pglite', close: () => db.destroy() }
}

export function pgliteDirFor(dataDir: string) {
  return join(dataDir, 'db')
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error
  return result
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
