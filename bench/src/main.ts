import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { pgliteDirFor } from '../../apps/server/src/db/index'
import { SHARED_CHAIN } from '../../apps/server/test/multi/shared-env'
import { likesFigureName, measureLikes, measureReads, mintTokens, reportLikes } from './api'
import { BOUNTIES_FIGURE, type BountyRun, reportBounties, runBounties, verifyBounties } from './bounties'
import { type BenchTarget, openBenchDatabase } from './database'
import { FANOUT_FIGURES, measureFanout } from './fanout'
import { measureFirstComment } from './first-comment'
import { freshForum, scaleFor } from './generate'
import { CAR_FIGURES, measureCar } from './ipfs'
import { measure } from './load'
import { databaseSettings, measureRoundTrips } from './machine'
import { MIXED_FIGURE, measureMixed } from './mixed'
import { parseOptions } from './options'
import { measurePathologicalPosts } from './pathological-post'
import { FIRST_PDF_PAGE_FIGURE, makePdfPost, measureFirstPdfPage, PDF_LIGHTHOUSE_FIGURE } from './pdf-post'
import { ROOT, type Service, startService } from './processes'
import { Report } from './report'
import { measureSignedInPaths, SIGNED_IN_FIGURES } from './signed-in'
import { ensureSocialData } from './social'
import { measureIdleStreams, STREAMS_FIGURE } from './streams'
import { readTargets, verifyLikes } from './targets'
import { measureProcesses, PROCESS_FIGURES } from './two-processes'
import { measureUpload, UPLOAD_FIGURES } from './upload'
import { checkViewerState } from './viewer-state'
import { measureLighthouse, measureWeight } from './web'

const SERVER = 'apps/server/dist/main.js'
/** Where the PGlite forum and the bench server's blobs live between runs (for --reuse). */
const DATA_DIR = join(tmpdir(), 'agora-bench-data')

const options = parseOptions(process.argv.slice(2))
const report = new Report(options.only, !options.server || !options.lighthouse)
const log = (line: string) => console.log(line)
const target: BenchTarget =
  options.db === 'postgres' ? { url: options.postgresUrl } : { pgliteDir: pgliteDirFor(DATA_DIR) }

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** The environment of a child server: ours without database or secret settings, plus `extra`. */
function serverEnv(extra: Record<string, string>): Record<string, string> {
  const env = { ...process.env } as Record<string, string>
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'DATA_DIR', 'REDIS_URL', 'AGORA_DEMO']) delete env[name]
  // As `npm start` runs it (scripts/start.mjs): React renders the server-drawn screens in production mode.
  return { ...env, NODE_ENV: 'production', ...extra }
}

async function startCeiling(bytes: number): Promise<Service> {
  const ceilingEnv = { ...serverEnv({}), CEILING_BYTES: String(bytes) }
  return startService(
    'ceiling',
    ['--import', 'tsx', 'bench/src/ceiling.ts'],
    ceilingEnv,
    await freePort(),
    '/',
  )
}

async function benchServer() {
  const settings = { connections: options.connections, duration: options.duration, warmup: options.warmup }
  if (!options.reuse) {
    const scale = scaleFor(options.posts)
    log(
      `Generating ${scale.posts} posts, ${scale.comments} comments, ${scale.likes} likes, ${scale.users} users (${options.db})…`,
    )
    const started = Date.now()
    await freshForum(target, scale, log)
    log(`  generated in ${Math.round((Date.now() - started) / 1000)} s`)
  }
  const handle = await openBenchDatabase(target)
  if (options.reuse) {
    // The previous run's likes and uploads left dead row versions behind (a like rewrites its post's
    // counters), and the PostgreSQL here may run without autovacuum: measure the forum as a
    // vacuumed one, as a live forum's autovacuum keeps it.
    const started = Date.now()
    await sql`vacuum analyze`.execute(handle.db)
    log(`Vacuumed the reused forum (${Math.round((Date.now() - started) / 1000)} s).`)
  }
  if ('url' in target) {
    // The generation (or the vacuum) leaves gigabytes of dirty pages for PostgreSQL to write back; a
    // checkpoint due in the middle of the figures would charge them to whatever is measured then
    // (the likes, which commit thousands of times a second, most of all). Write them back first.
    const started = Date.now()
    await sql`checkpoint`.execute(handle.db)
    log(`Checkpoint before measuring (${Math.round((Date.now() - started) / 1000)} s).`)
  }
  await ensureSocialData(handle.db as Kysely<unknown>, log)
  const targets = await readTargets(handle.db)
  await handle.close()

  const secret = randomBytes(32).toString('hex')
  mkdirSync(DATA_DIR, { recursive: true })
  // BENCH_SERVER_NODE_ARGS reaches the server's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to profile it under the load (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
  const settingsOfServer = {
    DATA_DIR,
    ...('url' in target ? { DATABASE_URL: target.url } : {}),
    JWT_SECRET: secret,
    AGORA_DEMO: '0',
    ANALYSIS_WORKERS: '0',
    LOG_LEVEL: 'warn',
    // The like figure measures the write path, not the per-user limiter turning requests away.
    LIKE_RATE_LIMIT: '100000',
    EDIT_RATE_LIMIT: '100000',
    UPLOAD_RATE_LIMIT: '100000',
    // The mixed load's 500 signed-in users share the sessions' accounts (--quick: 50, ten users each).
    COMMENT_RATE_LIMIT: '100000',
    // The bounty figure logs its funders and reviewers in at once, from this one address.
    AUTH_RATE_LIMIT: '100000',
    // The bench's users write many posts at once: trusted, not new accounts.
    TRUST_NEW_ACCOUNT_HOURS: '0',
    TRUST_MIN_CONTRIBUTIONS: '0',
    // The streams figure holds 2,000 streams open from this one address.
    HTTP_MAX_STREAMS_PER_IP: '1000000',
    HTTP_MAX_STREAMS_PER_USER: '1000000',
  }
  const server = await startService(
    'server',
    [...nodeArgs, SERVER],
    serverEnv(settingsOfServer),
    await freePort(),
    '/api/v1/health',
  )
  // The same server in two processes on one port (node:cluster), on the same database, files and
  // secret; the embedded chain is one process's, so it is given an RPC address, only used by the faucet.
  const startTwoProcesses = async () =>
    startService(
      'server ×2',
      [...nodeArgs, SERVER],
      serverEnv({ ...settingsOfServer, ...SHARED_CHAIN, WEB_CONCURRENCY: '2' }),
      await freePort(),
      '/api/v1/health',
    )
  let ceiling: Service | null = null
  let likes: Awaited<ReturnType<typeof measureLikes>> | null = null
  let bounties: BountyRun | null = null
  const users = await mintTokens(targets.sessions, secret)
  const ownPage = new Set(targets.ownPageUserIds)
  const ownPageTokens = users.filter((user) => ownPage.has(user.userId)).map((user) => user.token)
  try {
    const page = await fetch(`${server.url}/api/v1/media/list`)
    const pageBytes = (await page.arrayBuffer()).byteLength
    log(
      `\nServer (${options.db}); the forum's first page is ${pageBytes} bytes, the ceiling answers as many.`,
    )
    ceiling = await startCeiling(pageBytes)
    // A fresh process is slow for its first seconds (JIT, schema compilation, pool connections):
    // no figure should measure that.
    if (settings.warmup > 0)
      await measure(`${server.url}/api/v1/media/list`, { ...settings, warmup: 0, duration: 5 })
    await measureReads(
      server.url,
      ceiling.url,
      targets,
      settings,
      report,
      users.map((user) => user.token),
      ownPageTokens,
    )
    if (SIGNED_IN_FIGURES.some((name) => report.wants(name)))
      await measureSignedInPaths(server.url, ceiling.url, targets, settings, report, users)
    // After the edits (its users edit the same posts) and before the likes figure (its users'
    // likes toggle: one could take back a like that figure confirmed).
    if (report.wants(MIXED_FIGURE)) {
      log('\nMixed load:')
      await measureMixed(server.url, ceiling.url, target, targets, settings, report, users)
    }
    if (report.wants(likesFigureName(users.length)))
      likes = await measureLikes(server.url, targets, users, settings)
    // After the likes, so the readers checked like many posts.
    await checkViewerState(server.url, target, targets, users, report)
    if (report.wants(BOUNTIES_FIGURE)) {
      log('\nBounties:')
      bounties = await runBounties(server.url, targets.bounties, settings.connections)
    }
    if (UPLOAD_FIGURES.some((name) => report.wants(name))) {
      const workDir = mkdtempSync(join(DATA_DIR, 'upload-'))
      await measureUpload(server.url, server.pid, users[0].token, workDir, report)
      rmSync(workDir, { recursive: true, force: true })
    }
    if (CAR_FIGURES.some((name) => report.wants(name))) {
      const workDir = mkdtempSync(join(DATA_DIR, 'car-'))
      await measureCar(server.url, server.pid, users[0].token, workDir, report)
      rmSync(workDir, { recursive: true, force: true })
    }
    if (FANOUT_FIGURES.some((name) => report.wants(name))) {
      log('\nFan-out to followers:')
      await measureFanout(server.url, target, users, report)
    }
    if (report.wants(STREAMS_FIGURE)) {
      log('\nLive streams:')
      await measureIdleStreams(
        server.url,
        server.pid,
        users.map((user) => user.token),
        report,
      )
    }
    if (PROCESS_FIGURES.some((name) => report.wants(name))) {
      log('\n1 and 2 server processes:')
      await measureProcesses(server, startTwoProcesses, ceiling.url, target, targets, settings, report, users)
    }
  } finally {
    await ceiling?.stop()
    await server.stop()
  }
  if (!likes && !bounties) return
  // Checked once the server is gone: on PGlite its process holds the database.
  const verifying = await openBenchDatabase(target)
  try {
    if (likes) {
      const verified = await verifyLikes(verifying.db, likes.confirmed)
      reportLikes(report, likes.figure, verified, likes.confirmed.length, users.length)
    }
    if (bounties) reportBounties(report, bounties, await verifyBounties(verifying.db, bounties))
  } finally {
    await verifying.close()
  }
}

async function benchWeb() {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-bench-web-'))
  // Embedded defaults and the demo data, as `npm start` serves them.
  const app = await startService(
    'demo server',
    [SERVER],
    // Without the analysis worker: its catch-up on the demo posts would compete with the timed page loads.
    serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANALYSIS_WORKERS: '0' }),
    await freePort(),
    '/api/v1/health',
  )
  try {
    await measureFirstComment(app, report)
    await measurePathologicalPosts(app, report)
    const pdfPostId =
      report.wants(FIRST_PDF_PAGE_FIGURE) || report.wants(PDF_LIGHTHOUSE_FIGURE)
        ? await makePdfPost(app)
        : undefined
    if (pdfPostId) await measureFirstPdfPage(app, report, pdfPostId)
    await measureLighthouse(app, report, pdfPostId)
  } finally {
    await app.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureAll() {
  if (options.build) {
    log('Building the product…')
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('the build failed')
  }
  log('\nWeb app weight (gzip, from the Vite manifest):')
  measureWeight(report)
  if (options.server) await benchServer()
  if (options.lighthouse) {
    log('\nLighthouse (mobile emulation):')
    await benchWeb()
  }
}

/** Measures, then prints and writes what was measured, also when a step failed (with its error). */
async function main() {
  const started = Date.now()
  let failure: unknown = null
  // Before anything else runs: how fast a hop between two processes is on this machine today.
  const roundTrips = await measureRoundTrips()
  log(
    `Loopback round trip between two idle processes: p50 ${roundTrips.p50Us} µs, p99 ${roundTrips.p99Us} µs (${roundTrips.requests} requests, one after another).`,
  )
  try {
    await measureAll()
  } catch (error) {
    failure = error
    console.error(error)
  }
  // What PostgreSQL keeps in memory and whether it vacuums on its own (read once the forum exists).
  const postgres =
    'url' in target
      ? await databaseSettings(target.url).catch((error: unknown) => ({ error: String(error) }))
      : null
  if (postgres) log(`\nPostgreSQL: ${JSON.stringify(postgres)}`)
  const path = report.write({
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memoryGB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loopbackRoundTrip: roundTrips,
      postgres,
    },
    options,
    seconds: Math.round((Date.now() - started) / 1000),
    ...(failure ? { error: String(failure) } : {}),
  })
  console.log(`\n${report.table()}\n\nWritten to ${path.slice(ROOT.length)}`)
  if (failure) process.exit(1)
}

main()
