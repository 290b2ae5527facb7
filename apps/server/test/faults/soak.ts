import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Db, openDatabase, pgliteDirFor } from '../../src/db/index'
import { adminQuery } from '../postgres'
import { type ApiClient, type ApiUser, apiClient } from './client'
import { type CounterMismatch, counterMismatches, postsWithoutFiles } from './recount'
import { type ServerEntry, startServer } from './server-process'

/**
 * The soak: simulated users browse, search, open posts, like, comment and upload small files
 * against the real server process for a while; afterwards every counter is recounted from the
 * rows. `npm run soak -- --users 200 --minutes 10` (docs/reliability.md has the figures).
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

const WORDS =
  'protein folding lattice quantum entropy neural survey dataset genome climate ocean sensor graph robot fusion plasma enzyme galaxy spectra catalyst'.split(
    ' ',
  )
const RSS_SAMPLE_MS = 5_000
/** The first fifth of the run is warm-up (JIT, caches, pools); the memory slope is taken after it. */
const WARMUP_SHARE = 0.2

const word = () => WORDS[randomInt(WORDS.length)]
const sentence = (n: number) => Array.from({ length: n }, word).join(' ')

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
      UPLOAD_RATE_LIMIT: '100000',
      // Its users are minutes old: the new-account limits (issue 27) would refuse their fourth post.
      TRUST_NEW_ACCOUNT_HOURS: '0',
      TRUST_MIN_CONTRIBUTIONS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    options.entry,
  )
  const api = apiClient(server.url)
  const latencies: number[] = []
  const byAction: Record<string, number> = {}
  const firstErrors: string[] = []
  let errors = 0
  const rssMb: number[] = []
  const sampler = setInterval(() => rssMb.push(rssOf(server.child.pid)), RSS_SAMPLE_MS)

  /** Times one request; an error is counted and remembered, never thrown. */
  async function timed<T>(action: string, run: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now()
    try {
      const result = await run()
      latencies.push(performance.now() - started)
      byAction[action] = (byAction[action] ?? 0) + 1
      return result
    } catch (error) {
      errors += 1
      if (firstErrors.length < 10) firstErrors.push(`${action}: ${(error as Error).message}`)
      return undefined
    }
  }

  const deadline = Date.now() + options.seconds * 1000
  log(`soak: ${options.users} users for ${options.seconds} s against ${server.url}`)
  const progress = setInterval(
    () => log(`  ${latencies.length} requests, ${errors} errors, RSS ${rssMb.at(-1) ?? '?'} MB`),
    30_000,
  )
  try {
    await Promise.all(Array.from({ length: options.users }, (_, i) => simulateUser(api, i, deadline, timed)))
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
    requests: latencies.length + errors,
    byAction,
    errors,
    firstErrors,
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

type Timed = <T>(action: string, run: () => Promise<T>) => Promise<T | undefined>

/** One user: signs up, then acts with a short pause between actions until the deadline. */
async function simulateUser(api: ApiClient, index: number, deadline: number, timed: Timed) {
  // Stagger arrivals over the first seconds, as real users do not all come at once.
  await pause(randomInt(Math.min(5_000, 50 * index + 1)))
  const user = await timed('register', () => api.register(`soak_${index}_${randomBytes(4).toString('hex')}`))
  if (!user) return
  await timed('upload', () => api.upload(user, `${word()} ${word()} study ${index}`, sentence(60)))
  while (Date.now() < deadline) {
    await act(api, user, timed)
    await pause(250 + randomInt(750))
  }
}

async function act(api: ApiClient, user: ApiUser, timed: Timed) {
  const roll = randomInt(100)
  if (roll < 30) {
    await timed('browse', () => api.list(user, `?sort_by=${roll % 2 ? 'hot_desc' : 'recent_desc'}`))
    return
  }
  if (roll < 42) {
    await timed('search', () => api.list(null, `?search=${encodeURIComponent(word())}`))
    return
  }
  if (roll < 45) {
    await timed('upload', () => api.upload(user, `${word()} ${word()} notes`, sentence(40)))
    return
  }
  // The rest works on one post of the first page: open it, its comments and files, then react.
  const page = await timed('browse', () => api.list(user))
  const post = page?.items[randomInt(Math.max(1, page.items.length))]
  if (!post) return
  await timed('open', () => api.post(user, post.id))
  const comments = await timed('comments', () => api.comments(user, post.id))
  if (roll < 60) {
    const cid = post.media[0]?.cid
    if (cid) await timed('file', () => api.file(cid))
  } else if (roll < 75) {
    await timed('like', () => api.likePost(user, post.id))
  } else if (roll < 90) {
    const parent = comments?.length && randomInt(2) ? comments[randomInt(comments.length)]._id : undefined
    await timed('comment', () => api.comment(user, post.id, sentence(12), parent))
  } else if (comments?.length) {
    const comment = comments[randomInt(comments.length)]
    await timed('comment like', () => api.likeComment(user, comment._id))
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

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0
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

const round = (value: number) => Math.round(value * 10) / 10
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
