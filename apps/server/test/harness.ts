import { randomBytes } from 'node:crypto'
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { type BuildOptions, buildApp } from '../src/app'
import { type Config, loadConfig } from '../src/config'
import { type DatabaseHandle, type DatabaseOptions, migrateToLatest, openDatabase } from '../src/db/index'
import { DEFAULT_PREPARED_STATEMENTS } from '../src/db/prepared'
import { createReadCache } from '../src/http/read-cache'
import { adminQuery, databaseUrl } from './postgres'

/** Which database this run of the suite talks to: `TEST_DB=postgres` (scripts/test.mjs sets it) or PGlite. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
/** On PGlite, says in the run's output what a test file skips there and why (`message`). */
export function noteSkippedOnPglite(message: string) {
  if (TEST_DB !== 'postgres') console.info(message)
}

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test'

/**
 * One database per test file: an in-memory PGlite, or a scratch PostgreSQL database that is
 * dropped again on close. Migrated to the latest version: each starts from the run's migrated one
 * (test/database-template.ts), a fifth of the time of migrating its own on PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') {
    const template = inject('pgliteTemplate')
    return openMigrated({
      url: null,
      pgliteDir: null,
      ...(template ? { pgliteStart: await openAsBlob(template) } : {}),
    })
  }
  const scratch = await createScratchPostgres({ template: inject('postgresTemplate') || undefined })
  const handle = await openMigrated({
    url: scratch.url,
    pgliteDir: null,
    poolSize: 20,
    // As a server runs: its repeated statements named (db/prepared.ts).
    preparedStatements: DEFAULT_PREPARED_STATEMENTS,
  })
  return {
    ...handle,
    async close() {
      await handle.close()
      await scratch.drop()
    },
  }
}

/** A database opened and migrated to the latest version. */
export async function openMigrated(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options)
  await migrateToLatest(handle.db as never)
  return handle
}

export interface ScratchPostgres {
  url: string
  drop(): Promise<void>
}

/**
 * A new PostgreSQL database next to TEST_POSTGRES_URL's, empty or a copy of `template` (the run's
 * migrated one, test/database-template.ts), and the way to drop it again.
 */
export async function createScratchPostgres({
  template,
}: {
  template?: string
} = {}): Promise<ScratchPostgres> {
  const name = `agora_test_${randomBytes(6).toString('hex')}`
  await adminQuery(TEST_POSTGRES_URL, `create database ${name}${template ? ` template ${template}` : ''}`)
  return {
    url: databaseUrl(TEST_POSTGRES_URL, name),
    drop: () => adminQuery(TEST_POSTGRES_URL, `drop database if exists ${name} with (force)`),
  }
}

/**
 * A scratch PostgreSQL database for the tests of a `describe`: made before its first test, dropped
 * after its last (after the `describe`'s own afterAll hooks, which close what uses it). Answers the
 * database, filled in once it is made.
 */
export function useScratchPostgres(): ScratchPostgres {
  const scratch = {} as ScratchPostgres
  beforeAll(async () => {
    Object.assign(scratch, await createScratchPostgres())
  })
  afterAll(async () => {
    await scratch.drop?.()
  })
  return scratch
}

/**
 * `count` apps on one scratch PostgreSQL database, as processes of one server hold it (each its own
 * pool, memory and listener; one JWT secret), for the tests of a `describe`: the first migrates it
 * before the first test, all close after the last. Answers the database and the apps, filled in then.
 */
export function useAppsOnPostgres(
  count: number,
  env: Record<string, string>,
  database: Pick<DatabaseOptions, 'poolSize' | 'timeouts'> = { poolSize: 4 },
): { scratch: ScratchPostgres; apps: TestApp[] } {
  const scratch = useScratchPostgres()
  const apps = Array.from({ length: count }, () => ({}) as TestApp)
  beforeAll(async () => {
    const options = { url: scratch.url, pgliteDir: null, ...database }
    const shared = { ...env, JWT_SECRET: randomBytes(32).toString('hex') }
    for (const [i, app] of apps.entries())
      Object.assign(
        app,
        await createTestApp(shared, { database: await (i === 0 ? openMigrated : openDatabase)(options) }),
      )
  })
  afterAll(async () => {
    for (const app of apps) await app.close?.()
  })
  return { scratch, apps }
}

/** Empties every table (but the migration bookkeeping) between tests. */
export async function resetDatabase(handle: DatabaseHandle) {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'
  `.execute(handle.db)
  if (rows.length === 0) return
  const list = rows.map((row) => `"${row.tablename}"`).join(', ')
  await sql.raw(`truncate ${list} restart identity cascade`).execute(handle.db)
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>
  database: DatabaseHandle
  config: Config
  /** Empties the database (and with `blobs`, the blob directory: files whose rows are gone). */
  reset(options?: { blobs?: boolean }): Promise<void>
  close(): Promise<void>
}

/**
 * The real app over a fresh test database (or `options.database`, already migrated, closed with
 * the app), with its data directory in a temp folder.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logger' | 'database' | 'parts'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: '',
    AGORA_DEMO: '0',
    AUTH_RATE_LIMIT: '1000',
    // Test users are a moment old: trusted at once, unless a test of the new-account limits says otherwise.
    TRUST_NEW_ACCOUNT_HOURS: '0',
    TRUST_MIN_CONTRIBUTIONS: '0',
    // Tests write the database behind the app's back (reset, factories); a cached read would
    // outlive that. The read cache's own tests turn it on.
    READ_CACHE_MS: '0',
    ...env,
  })
  const database = options.database ?? (await openTestDatabase())
  const readCache = createReadCache(config.readCacheMs)
  const app = await buildApp(config, {
    database,
    readCache,
    // TEST_LOG=1 prints the app's errors (what a 500 hid) while a test is being debugged.
    logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    parts: options.parts,
  })
  await app.ready()
  return {
    app,
    database,
    config,
    async reset(resetOptions = {}) {
      await resetDatabase(database)
      readCache.invalidate()
      if (resetOptions.blobs) rmSync(join(dataDir, 'blobs'), { recursive: true, force: true })
    },
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `use` a second app over `t`'s database (already migrated: one migration fewer) with its own
 * `env`, for one test; the app and its data directory are gone after, the database stays `t`'s.
 */
export async function withSecondApp(
  t: TestApp,
  env: Record<string, string>,
  use: (app: TestApp) => Promise<void>,
) {
  const second = await createTestApp(env, { database: t.database })
  try {
    await use(second)
  } finally {
    await second.app.close()
    rmSync(second.config.dataDir, { recursive: true, force: true })
  }
}

/**
 * The usual life of a test file's app: made before its first test, emptied after each (with
 * `reset`'s options), closed after the last. Answers the app, filled in once it is made.
 */
export function useTestApp(
  env: Record<string, string> = {},
  reset: { blobs?: boolean } = {},
  options: Pick<BuildOptions, 'parts'> = {},
): TestApp {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, options))
  })
  afterEach(() => t.reset(reset))
  afterAll(() => t.close())
  return t
}
