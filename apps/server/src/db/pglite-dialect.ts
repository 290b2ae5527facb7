import type { PGlite, Transaction } from '@electric-sql/pglite'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely dialect over embedded PGlite. PGlite is one connection, so the driver hands it out to one
 * caller at a time: a transaction holds it from BEGIN to COMMIT and other queries wait their turn.
 * (kysely-pglite exists but pins kysely 0.27 and drags a CLI toolchain along; this is all it takes.)
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve()
  constructor(private readonly pglite: PGlite) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const turn = new Promise<void>((resolve) => {
      release = resolve
    })
    const previous = this.queue
    this.queue = previous.then(() => turn)
    await previous
    return new PGliteConnection(this.pglite, release)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await (connection as PGliteConnection).run(`begin${isolation}`)
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('commit')
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PGliteConnection).run('rollback')
  }
  async releaseConnection(connection: DatabaseConnection) {
    ;(connection as PGliteConnection).release()
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close()
  }
}

/**
 * PGlite runs each statement on the event loop and resolves at once, so a request's statements
 * would run back to back; a turn of the loop before each lets other requests (health checks) in.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite | Transaction,
    readonly release: () => void,
  ) {}

  async run(sql: string) {
    await nextTurn()
    await this.pglite.exec(sql)
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await nextTurn()
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[])
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming queries')
  }
}
