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
 * The soak: simulated users browse, search, open posts, like, comment, edit and upload small files
 * against the real server process for a while; afterwards every counter is recounted from the
 * rows. `npm run soak -- --users 200 --minutes 10` (docs/reliability.md has the figures).
 *
 * The workload is the mixed one of the performance issue (24): half the users are signed in, half
 * read anonymously; most requests read (list, search, a post, its comments, the unread count), some
 * like, comment, edit their own posts and upload small files; the post each opens is a Zipf draw over
 * every post seen so far (a few are popular, most are read now and then), not one URL.
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
      EDIT_RATE_LIMIT: '100000',
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
  const latenciesOf = new Map<string, number[]>()
  const firstErrors: string[] = []
  let errors = 0
  const rssMb: number[] = []
  const sampler = setInterval(() => rssMb.push(rssOf(server.child.pid)), RSS_SAMPLE_MS)

  /** Times one request; an error is counted and remembered, never thrown. */
  async function timed<T>(action: string, run: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now()
    try {
      const result = await run()
      const took = performance.now() - started
      latencies.push(took)
      const ofAction = latenciesOf.get(action) ?? []
      ofAction.push(took)
      latenciesOf.set(action, ofAction)
      byAction[action] = (byAction[action] ?? 0) + 1
      return result
    } catch (error) {
      errors += 1
      if (firstErrors.length < 10) firstErrors.push(`${action}: ${(error as Error).message}`)
      return undefined
    }
  }

  known.length = 0
  knownSet.clear()
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
    latencyByAction: Object.fromEntries(
      [...latenciesOf].map(([action, values]) => {
        values.sort((a, b) => a - b)
        return [action, { p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)) }]
      }),
    ),
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

/** The posts the users know of, oldest first: the Zipf draw's ranks (shared by every simulated user). */
const known: string[] = []
const knownSet = new Set<string>()
function learn(ids: readonly string[]) {
  for (const id of ids)
    if (!knownSet.has(id)) {
      knownSet.add(id)
      known.push(id)
    }
}

/**
 * A post by a Zipf draw (exponent 1) over the known ones: the k-th most popular with weight 1/k. The
 * popular ones are spread over the list (a fixed shuffle of ranks), not only the oldest.
 */
function zipfPost(): string | undefined {
  const n = known.length
  if (n === 0) return undefined
  const harmonic = Math.log(n) + 0.5772
  let target = Math.random() * harmonic
  let rank = 1
  while (rank < n && target > 1 / rank) {
    target -= 1 / rank
    rank += 1
  }
  return known[(rank * 7919) % n]
}

/**
 * One user: half sign up (and post once), half read anonymously; then each acts with a short pause
 * between actions until the deadline.
 */
async function simulateUser(api: ApiClient, index: number, deadline: number, timed: Timed) {
  // Stagger arrivals over the first seconds, as real users do not all come at once.
  await pause(randomInt(Math.min(5_000, 50 * index + 1)))
  const signedIn = index % 2 === 0
  let user: ApiUser | null = null
  const own: string[] = []
  if (signedIn) {
    user =
      (await timed('register', () => api.register(`soak_${index}_${randomBytes(4).toString('hex')}`))) ?? null
    if (!user) return
    const first = await timed('upload', () =>
      api.upload(user!, `${word()} ${word()} study ${index}`, sentence(60)),
    )
    if (first) {
      own.push(first.postId)
      learn([first.postId])
      // A typo seen at once: every author edits once, later ones now and then.
      await timed('edit', () => api.editPost(user!, first.postId, sentence(20)))
    }
  }
  // A first visit looks at everything once (so even a short run does each kind of request), then at random.
  const tour = user ? [0, 20, 30, 65, 78, 92] : [0, 35, 90]
  for (const roll of tour) await (user ? act(api, user, own, timed, roll) : read(api, timed, roll))
  while (Date.now() < deadline) {
    await (user ? act(api, user, own, timed) : read(api, timed))
    await pause(250 + randomInt(750))
  }
}

/** An anonymous reader: the forum, a search, or a post with its comments (and now and then its file). */
async function read(api: ApiClient, timed: Timed, roll = randomInt(100)) {
  if (roll < 35) {
    const page = await timed('browse', () =>
      api.list(null, `?sort_by=${roll % 2 ? 'hot_desc' : 'recent_desc'}`),
    )
    if (page) learn(page.items.map((item) => item.id))
    return
  }
  if (roll < 50) {
    await timed('search', () => api.list(null, `?search=${encodeURIComponent(word())}`))
    return
  }
  const id = zipfPost()
  if (!id) return
  const post = await timed('open', () => api.post(null, id))
  await timed('comments', () => api.comments(null, id))
  const cid = post?.media[0]?.cid
  if (cid && roll >= 90) await timed('file', () => api.file(cid))
}

async function act(api: ApiClient, user: ApiUser, own: string[], timed: Timed, roll = randomInt(100)) {
  if (roll < 20) {
    const page = await timed('browse', () =>
      api.list(user, `?sort_by=${roll % 2 ? 'hot_desc' : 'recent_desc'}`),
    )
    if (page) learn(page.items.map((item) => item.id))
    return
  }
  if (roll < 30) {
    await timed('search', () => api.list(user, `?search=${encodeURIComponent(word())}`))
    return
  }
  if (roll < 45) {
    await timed('unread', () => api.unreadCount(user))
    return
  }
  if (roll < 47) {
    const posted = await timed('upload', () => api.upload(user, `${word()} ${word()} notes`, sentence(40)))
    if (posted) {
      own.push(posted.postId)
      learn([posted.postId])
    }
    return
  }
  if (roll < 52) {
    const mine = own[randomInt(Math.max(1, own.length))]
    if (mine) await timed('edit', () => api.editPost(user, mine, sentence(20)))
    return
  }
  // The rest opens a post (a Zipf draw), reads its comments, then reacts.
  const id = zipfPost()
  if (!id) return
  const post = await timed('open', () => api.post(user, id))
  const comments = await timed('comments', () => api.comments(user, id))
  if (roll < 65) {
    const cid = post?.media[0]?.cid
    if (cid) await timed('file', () => api.file(cid))
  } else if (roll < 78) {
    await timed('like', () => api.likePost(user, id))
  } else if (roll < 92) {
    const parent = comments?.length && randomInt(2) ? comments[randomInt(comments.length)]._id : undefined
    await timed('comment', () => api.comment(user, id, sentence(12), parent))
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
