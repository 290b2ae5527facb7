import { get } from 'node:http'
import { waitFor } from '@agora/test-kit'
import { clean, measureLikes, pairedWith, percent, raw, signedIn } from './api'
import { type BenchTarget, openBenchDatabase } from './database'
import { type LoadFigure, type LoadSettings, measure, round } from './load'
import type { Service } from './processes'
import type { Report } from './report'
import { type Targets, verifyLikes } from './targets'

const API = '/api/v1'
export const PROCESS_FIGURES = [
  '1 vs 2 processes: list page 1, signed in',
  '1 vs 2 processes: post detail, signed in',
  '1 vs 2 processes: likes by users (writes)',
] as const

/** The pid that answered a request on a connection of its own (node:cluster spreads connections). */
function answeringPid(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(`${url}${API}/health`, { agent: false, timeout: 3_000 }, (response) => {
      response.resume()
      response.on('end', () => resolve(Number(response.headers['x-agora-process']) || null))
      response.on('error', () => resolve(null))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(null))
  })
}

/** Waits until `count` different processes have answered at `url`. */
async function waitForProcesses(url: string, count: number) {
  const pids = new Set<number>()
  await waitFor(
    async () => {
      const pid = await answeringPid(url)
      if (pid) pids.add(pid)
      return pids.size >= count
    },
    `${count} server processes answering at ${url}`,
    60_000,
    50,
  )
}

/** The runs of one figure, on the one process and on the two. */
interface Runs<T> {
  one: T[]
  two: T[]
}

/**
 * Measures on one process, two, two, one (ABBA): other work on the machine comes and goes, and a
 * drift during the figure then weighs on both sides alike.
 */
async function abba<T>(one: Service, two: Service, run: (server: Service, turn: number) => Promise<T>) {
  const runs: Runs<T> = { one: [], two: [] }
  for (const [turn, which] of (['one', 'two', 'two', 'one'] as const).entries())
    runs[which].push(await run(which === 'one' ? one : two, turn))
  return runs
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/** Runs of one side as one line: mean req/s, mean p50, the worse p99, failures summed. */
function side(figures: LoadFigure[], ceilingRatios?: number[]) {
  const errors = figures.reduce((sum, figure) => sum + figure.errors + figure.non2xx, 0)
  const rps = round(mean(figures.map((figure) => figure.requestsPerSecond)))
  const share = ceilingRatios ? `, ${percent(mean(ceilingRatios))} of ceiling` : ''
  return {
    rps,
    share: ceilingRatios ? mean(ceilingRatios) : null,
    text:
      `${rps} req/s${share}, p50 ${round(mean(figures.map((figure) => figure.p50Ms)))} ms, ` +
      `p99 ${Math.max(...figures.map((figure) => figure.p99Ms))} ms${errors ? `, ${errors} failed` : ''}`,
  }
}

/**
 * The same forum served by one process and by two (`WEB_CONCURRENCY=2`), ABBA; likes must stay
 * exact across them. On two cores everything shares the cores: the ratio is the machine's.
 */
export async function measureProcesses(
  one: Service,
  startTwo: () => Promise<Service>,
  ceilingUrl: string,
  target: BenchTarget,
  targets: Targets,
  settings: LoadSettings,
  report: Report,
  users: { userId: string; token: string }[],
) {
  if (!('url' in target)) {
    console.log(`  ${PROCESS_FIGURES[0]}: not measured on PGlite (WEB_CONCURRENCY=2 needs PostgreSQL)`)
    return
  }
  const two = await startTwo()
  try {
    await waitForProcesses(two.url, 2)
    const asSignedIn = signedIn(users.map((user) => user.token))
    const paired = pairedWith(ceilingUrl, settings)
    const reads = [
      [PROCESS_FIGURES[0], `${API}/media/list?sort_by=recent_desc`],
      [PROCESS_FIGURES[1], `${API}/media/${targets.postId}`],
    ] as const
    // Warm both up (JIT, pools), whatever ran before: a fresh process is slow for its first seconds.
    const warm = { ...settings, warmup: 0, duration: Math.max(2, settings.warmup) }
    for (const server of [one, two])
      for (const [, path] of reads) await measure(`${server.url}${path}`, warm, asSignedIn)

    for (const [name, path] of reads) {
      if (!report.wants(name)) continue
      const runs = await abba(one, two, (server) => paired(`${server.url}${path}`, asSignedIn))
      const single = side(
        runs.one.map((run) => run.figure),
        runs.one.map((run) => run.ratio),
      )
      const double = side(
        runs.two.map((run) => run.figure),
        runs.two.map((run) => run.ratio),
      )
      const ratio = double.rps / single.rps
      report.add(
        {
          name,
          value:
            `1 process ${single.text}; 2 processes ${double.text}; ` +
            `2/1 ${round(ratio, 2)} × (of the ceiling: ${round(double.share! / single.share!, 2)} ×)`,
          budget: '',
          met: null,
        },
        {
          order: 'one, two, two, one',
          one: runs.one.map(raw),
          two: runs.two.map(raw),
          ratio: round(ratio, 3),
        },
      )
    }

    const likesName = PROCESS_FIGURES[2]
    if (!report.wants(likesName)) return
    // Each run likes other (user, post) pairs than the likes figure and the other runs (likePair).
    const pairs = users.length * targets.postIds.length
    const runs = await abba(one, two, (server, turn) =>
      measureLikes(server.url, targets, users, settings, Math.floor((pairs * (turn + 1)) / 5)),
    )
    await two.stop()
    const confirmed = [...runs.one, ...runs.two].flatMap((run) => run.confirmed)
    const bench = await openBenchDatabase(target)
    const verified = await verifyLikes(bench.db, confirmed).finally(() => bench.close())
    const exact = verified.postsWithWrongCount === 0 && verified.likesMissing === 0
    const single = side(runs.one.map((run) => run.figure))
    const double = side(runs.two.map((run) => run.figure))
    const ratio = double.rps / single.rps
    report.add(
      {
        name: likesName,
        value:
          `1 process ${single.text}; 2 processes ${double.text}; 2/1 ${round(ratio, 2)} ×; ` +
          `${confirmed.length} confirmed, ${verified.likesMissing} missing, ${verified.postsWithWrongCount} posts with a wrong count`,
        budget: 'zero errors, counts exact',
        met: [...runs.one, ...runs.two].every((run) => clean(run.figure)) && exact,
      },
      {
        order: 'one, two, two, one',
        one: runs.one.map((run) => run.figure),
        two: runs.two.map((run) => run.figure),
        ratio: round(ratio, 3),
        users: users.length,
        confirmed: confirmed.length,
        ...verified,
      },
    )
  } finally {
    await two.stop()
  }
}
