import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Db, openDatabase, pgliteDirFor } from '../../src/db/index'
import { adminQuery } from '../postgres'
import { apiClient } from './client'
import { type CounterMismatch, counterMismatches, postsWithoutFiles } from './recount'
import { type ServerEntry, startServer } from './server-process'
import { percentile, recorder, round, runWorkload, SOAK_THINK_MS, soakArrival } from './workload'

/**
 * The soak: simulated users browse, search, open posts, like, comment, edit and upload small files
 * against the real server process for a while; afterwards every counter is recounted from the
 * rows. `npm run soak -- --users 200 --minutes 10` (docs/reliability.md has the figures).
 *
 * The workload is the mixed one of the performance issue (24), in workload.ts (the bench's `mixed
 * load` figure runs it too): here half the users sign up as they arrive, and each pauses 250–1000 ms
 * between actions.
 */
export interface SoakOptions {
  users: number
  seconds: number
  /** A PostgreSQL server (admin connection string): a fresh database `database` is made on it. Null: PGlite. */
  postgresUrl: string | null
  database: string
  entry: ServerEntry
  log?: (line: string) => void
}

export interface SoakReport {
  users: number
  seconds: number
  requests: number
  byAction: Record<string, number>
  /** Per kind of request: its latency's median and 99th percentile, in ms. */
  latencyByAction: Record<string, { p50: number; p99: number }>
  errors: number
  firstErrors: string[]
  latencyMs: { p50: number; p90: number; p99: number; max: number }
  /** Server RSS in MB, sampled every few seconds. */
  rss: { samplesMb: number[]; warmupEndMb: number; lastMb: number; slopeMbPerMinute: number }
  counterMismatches: CounterMismatch[]
  postsWithoutFiles: string[]
  posts: number
  comments: number
}

const RSS_SAMPLE_MS = 5_000
/** The first fifth of the run is warm-up (JIT, caches, pools); the memory slope is taken after it. */
const WARMUP_SHARE = 0.2

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {})
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-soak-'))
  const databaseUrl = options.postgresUrl ? await freshDatabase(options.postgresUrl, options.database) : null
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      // The soak measures the server, not its limiters: simulated users share one IP.
      AUTH_RATE_LIMIT: '100000',
      COMMENT_RATE_LIMIT: '100000',
      LIKE_RATE_LIMIT: '100000',
      EDIT_RATE_LIMIT: '100000',
      UPLOAD_RATE_LIMIT: '100000',
      // Its users are minutes old: the new-account limits would refuse their fourth post.
      TRUST_NEW_ACCOUNT_HOURS: '0',
      TRUST_MIN_CONTRIBUTIONS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    options.entry,
  )
  const api = apiClient(server.url)
  const recorded = recorder()
  const { latencies } = recorded
  const rssMb: number[] = []
  const sampler = setInterval(() => rssMb.push(rssOf(server.child.pid)), RSS_SAMPLE_MS)

  const deadline = Date.now() + options.seconds * 1000
  log(`soak: ${options.users} users for ${options.seconds} s against ${server.url}`)
  const progress = setInterval(
    () => log(`  ${latencies.length} requests, ${recorded.errors} errors, RSS ${rssMb.at(-1) ?? '?'} MB`),
    30_000,
  )
  try {
    await runWorkload(
      {
        api,
        users: options.users,
        signedIn: 'register',
        thinkMs: SOAK_THINK_MS,
        deadline,
        arrivalMs: soakArrival,
        tour: true,
      },
      recorded.timed,
    )
  } finally {
    clearInterval(sampler)
    clearInterval(progress)
    await server.stop()
  }

  const recount = await withDb(databaseUrl, dataDir, async (db) => ({
    mismatches: await counterMismatches(db),
    withoutFiles: await postsWithoutFiles(db),
    posts: await countRows(db, 'posts'),
    comments: await countRows(db, 'comments'),
  }))
  rmSync(dataDir, { recursive: true, force: true })
  if (options.postgresUrl)
    await adminQuery(options.postgresUrl, `drop database if exists ${options.database} with (force)`)

  latencies.sort((a, b) => a - b)
  const warm = rssMb.slice(Math.floor(rssMb.length * WARMUP_SHARE))
  return {
    users: options.users,
    seconds: options.seconds,
    requests: latencies.length + recorded.errors,
    byAction: recorded.byAction,
    latencyByAction: recorded.latencyByAction(),
    errors: recorded.errors,
    firstErrors: recorded.firstErrors,
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? 0),
    },
    rss: {
      samplesMb: rssMb,
      warmupEndMb: warm[0] ?? 0,
      lastMb: warm.at(-1) ?? 0,
      slopeMbPerMinute: round(slope(warm) * (60_000 / RSS_SAMPLE_MS)),
    },
    counterMismatches: recount.mismatches,
    postsWithoutFiles: recount.withoutFiles,
    posts: recount.posts,
    comments: recount.comments,
  }
}

async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
  await adminQuery(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function countRows(db: Db, table: 'posts' | 'comments'): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

async function withDb<T>(url: string | null, dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url, pgliteDir: pgliteDirFor(dataDir) })
  try {
    return await use(handle.db)
  } finally {
    await handle.close()
  }
}

/** Resident set size of a process in MB (Linux /proc). */
function rssOf(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return round(kb / 1024)
}

/** Least-squares slope of the samples per sample step. */
function slope(values: number[]) {
  const n = values.length
  if (n < 2) return 0
  const meanX = (n - 1) / 2
  const meanY = values.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY)
    den += (x - meanX) ** 2
  })
  return num / den
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      minutes: { type: 'string', default: '10' },
      'postgres-url': {
        type: 'string',
        default: process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      database: { type: 'string', default: 'agora_soak' },
      pglite: { type: 'boolean', default: false },
      source: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  })
  const report = await runSoak({
    users: Number(values.users),
    seconds: Math.round(Number(values.minutes) * 60),
    postgresUrl: values.pglite ? null : (values['postgres-url'] as string),
    database: values.database as string,
    entry: values.source ? 'source' : 'dist',
    log: (line) => console.log(line),
  })
  const { samplesMb, ...rss } = report.rss
  console.log(JSON.stringify({ ...report, rss: { ...rss, samples: samplesMb.length } }, null, 2))
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2))
  const healthy =
    report.errors === 0 && report.counterMismatches.length === 0 && report.postsWithoutFiles.length === 0
  process.exitCode = healthy ? 0 : 1
}

if (process.argv[1]?.endsWith('soak.ts')) await main()
