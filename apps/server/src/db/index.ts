import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { type Kysely, type MigrationResultSet, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { CommitAwareKysely } from './after-commit'
import { migrations } from './migrations/index'
import { PGliteDialect } from './pglite-dialect'
import { namePreparedStatements } from './prepared'
import type { Database } from './schema'

export type Db = Kysely<Database>
export type DbKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Db
  kind: DbKind
  close(): Promise<void>
  /** The PostgreSQL pool's connections now (null on PGlite): for /metrics and readiness. */
  poolStats(): PoolStats | null
  /**
   * LISTENs on `channel`: `onPayload` hears every NOTIFY on it once its transaction commits — from
   * any process on PostgreSQL (a connection of its own, opened again when lost), from this one on
   * PGlite. `onResume` runs when a lost (or failed) connection is listening again: what was sent
   * meanwhile was not heard. Answers the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>
  /**
   * PGlite only: its whole data directory as a tarball, which `DatabaseOptions.pgliteStart` opens
   * again (the test suite migrates one database a run and starts every test file's from it).
   */
  snapshot?(): Promise<Blob>
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * LISTEN on its own PostgreSQL connection (a pooled one would be handed to other queries). A lost
 * connection is opened again after 0.5, 1, 2 … 10 s; NOTIFYs sent while it was down are not heard.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResume: () => void = () => {},
) {
  let current: pg.Client | null = null
  let stopped = false
  let missed = false
  let retry: ReturnType<typeof setTimeout> | undefined
  let delay = 500
  const scheduleConnect = () => {
    if (stopped || retry) return
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, delay)
    delay = Math.min(delay * 2, 10_000)
  }
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: `agora-listen-${channel}`,
    })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      missed = true
      if (current === client) current = null
      scheduleConnect()
    }
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    client.on('error', onLost)
    client.on('end', onLost)
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
      if (stopped) return void (await client.end())
      current = client
      delay = 500
      if (missed) {
        missed = false
        onResume()
      }
    } catch {
      client.end().catch(() => {})
      onLost()
    }
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await current?.end().catch(() => {})
  }
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; null opens PGlite. */
  url: string | null
  /** PGlite data directory; null keeps PGlite in memory (tests). */
  pgliteDir: string | null
  /** PGlite: a data directory to start from (a `snapshot`), instead of initialising an empty one. */
  pgliteStart?: Blob
  poolSize?: number
  /** How many statement texts may be sent as named prepared statements (PostgreSQL only; 0: none). */
  preparedStatements?: number
  /** Limits of the pool's connections (PostgreSQL only); DEFAULT_TIMEOUTS where not given. */
  timeouts?: Partial<DatabaseTimeouts>
}

export interface PoolStats {
  /** Connections open, idle among them, and callers waiting for one. */
  total: number
  idle: number
  waiting: number
  max: number
}

/**
 * What one request's connection may take (a row held locked must not stall a process):
 * a statement, a wait for a lock, a transaction left open doing nothing. Migrations and long jobs
 * lift them on their own connection (`withoutRequestLimits`).
 */
export interface DatabaseTimeouts {
  statementMs: number
  lockMs: number
  idleInTransactionMs: number
  /** How long a caller waits for a free connection of the pool (or a new one) before 503. */
  acquireMs: number
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 10_000,
  lockMs: 3_000,
  idleInTransactionMs: 15_000,
  acquireMs: 5_000,
}

// bigint columns (counts, sums) come back as numbers, as PGlite returns them: every count we keep
// stays far below 2^53.
const INT8_OID = 20
const NUMERIC_OID = 1700

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that is down, unreachable or out of free connections fails a request within
      // seconds instead of holding it (503, http/error-handler.ts).
      connectionTimeoutMillis: timeouts.acquireMs,
      keepAlive: true,
      // No JIT: the planner's estimates for the search's candidate queries (a fallback scan that
      // rarely runs) pass jit_above_cost, and compiling them took 30–80 ms of a 20 ms search.
      // Every query here is short; JIT pays off only for long analytical ones.
      // The time-outs are session defaults, set once per connection (no round trip per query).
      options: [
        '-c jit=off',
        `-c statement_timeout=${timeouts.statementMs}`,
        `-c lock_timeout=${timeouts.lockMs}`,
        `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
      ].join(' '),
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
    namePreparedStatements(pool, options.preparedStatements ?? 0)
    const db = new CommitAwareKysely<Database>({ dialect: new PostgresDialect({ pool }) })
    const url = options.url
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      listen(channel, onPayload, onResume) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`)
        return listenOnPostgres(url, channel, onPayload, onResume)
      },
    }
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true })
  const pglite = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteStart ? { loadDataDir: options.pgliteStart } : {}),
    extensions: { pg_trgm, unaccent },
  })
  const db = new CommitAwareKysely<Database>({ dialect: new PGliteDialect(pglite) })
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    poolStats: () => null,
    snapshot: () => pglite.dumpDataDir('none'),
    async listen(channel, onPayload) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`)
      const unlisten = await pglite.listen(channel, onPayload)
      return async () => {
        if (!pglite.closed) await unlisten()
      }
    },
  }
}

export function pgliteDirFor(dataDir: string) {
  return join(dataDir, 'db')
}

/**
 * Runs `work` on one connection of the pool with the request time-outs lifted (a migration on a
 * large table, a backup may rightly take minutes); the connection gets them back afterwards.
 */
export async function withoutRequestLimits<T, DB>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    for (const setting of LIMIT_SETTINGS) await sql.raw(`set ${setting} = 0`).execute(connection)
    try {
      return await work(connection)
    } finally {
      // Back to the connection's defaults (the pool's options) before it serves requests again.
      for (const setting of LIMIT_SETTINGS) await sql.raw(`reset ${setting}`).execute(connection)
    }
  })
}

const LIMIT_SETTINGS = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']

export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  return withoutRequestLimits(db, async (connection) => {
    // Work lands in parallel: a migration numbered before one already run (0018 after 0019) still runs.
    const migrator = new Migrator({
      db: connection,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    })
    const result = await migrator.migrateToLatest()
    if (result.error) throw result.error
    return result
  })
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
