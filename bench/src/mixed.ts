import { randomInt } from 'node:crypto'
import { getPriority, setPriority } from 'node:os'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { apiClient } from '../../apps/server/test/faults/client'
import { counterMismatches } from '../../apps/server/test/faults/recount'
import { type GivenUser, percentile, recorder, runWorkload } from '../../apps/server/test/faults/workload'
import { percent } from './api'
import { type BenchTarget, openBenchDatabase } from './database'
import { VOCABULARY_SIZE } from './generate'
import { type LoadSettings, measure, round } from './load'
import type { Report } from './report'
import type { Targets } from './targets'
import { vocabulary } from './words'

export const MIXED_USERS = 1000
export const MIXED_FIGURE = `mixed load, ${MIXED_USERS} users`
/** The pause between one user's actions (uniform, ms): a reader skimming lists and abstracts, not papers. */
export const MIXED_THINK_MS = [5_000, 15_000] as const
/**
 * The read kinds the budget is about, as the workload names them (list, search, detail, comments,
 * unread count). 'edit read', the post an author's editor opens with, is the same signed-in post
 * read as 'open': reported, and covered by 'open'.
 */
export const MIXED_READS = ['browse', 'search', 'open', 'comments', 'unread'] as const
/**
 * With a think time, requests per second are the users' pace while the server keeps up, so the
 * throughput budget is the share of the pace they get through. An edit's p99 is an author's wait
 * when saving (the `PATCH` alone), held to a read's 100 ms.
 */
export const MIXED_BUDGET = { readP99Ms: 100, paceShare: 0.9, editP99Ms: 100 }
const LOOP_RESOLUTION_MS = 10
/** How many of the seconds holding the most requests over the read budget the figure's log names. */
const STALL_SECONDS_SHOWN = 5
/**
 * The load generator's niceness while the users run: it shares the cores with the server and
 * PostgreSQL, as a generator on another machine would not. Only root can set it back after.
 */
export const MIXED_GENERATOR_NICE = 10

const WORDS = vocabulary(VOCABULARY_SIZE)
/**
 * A search term, log-uniform over the vocabulary's ranks: about two searches in three are for one of
 * the ~150 research words (common: many matching posts), the rest for rarer made-up ones.
 */
const searchTerm = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length ** Math.random()) - 1)]
/**
 * A word of what the users write (comments, edits, uploads), drawn as the generated forum's texts
 * are (generate.ts: rank k = floor((W+1)^U)), so that the newest rows read like the older ones.
 */
const forumWord = () => WORDS[Math.min(WORDS.length, Math.floor((WORDS.length + 1) ** Math.random())) - 1]

/**
 * The signed-in half: the n-th signed-in user is the n-th generated session (wrapping when there are
 * fewer), each with a share of its account's posts to edit; simulated users on one account never
 * edit the same post (two edits from one revision would conflict, a 409 that is no server error).
 */
function signedInUsers(
  count: number,
  users: readonly { userId: string; token: string }[],
  edits: Targets['edits'],
): GivenUser[] {
  const slots = Array.from({ length: count }, (_, n) => users[n % users.length])
  const postsOf = new Map<string, string[]>()
  for (const edit of edits) {
    const posts = postsOf.get(edit.userId) ?? []
    posts.push(edit.postId)
    postsOf.set(edit.userId, posts)
  }
  const slotsOf = new Map<string, number[]>()
  for (const [n, user] of slots.entries()) {
    const shared = slotsOf.get(user.userId) ?? []
    shared.push(n)
    slotsOf.set(user.userId, shared)
  }
  return slots.map((user, n) => {
    const shared = slotsOf.get(user.userId) ?? [n]
    const share = shared.indexOf(n)
    return {
      id: user.userId,
      username: '',
      headers: { authorization: `Bearer ${user.token}` },
      own: (postsOf.get(user.userId) ?? []).filter((_, i) => i % shared.length === share),
    }
  })
}

/**
 * A realistic mixed load: 1,000 simulated users of the soak's workload for three times --duration,
 * half signed in. Counters are recounted afterwards on PostgreSQL only (PGlite's server holds it).
 */
export async function measureMixed(
  serverUrl: string,
  ceilingUrl: string,
  target: BenchTarget,
  targets: Targets,
  settings: LoadSettings,
  report: Report,
  users: readonly { userId: string; token: string }[],
) {
  const ceiling = await measure(ceilingUrl, {
    ...settings,
    warmup: 0,
    duration: Math.max(1, Math.round(settings.duration / 2)),
  })
  const seconds = 3 * settings.duration
  const meanThinkMs = (MIXED_THINK_MS[0] + MIXED_THINK_MS[1]) / 2
  // The users arrive over one mean pause, a warm-up that is not counted (the read cache, the
  // sessions' answers and PostgreSQL's buffers fill as on a server that has been up a while); then
  // `seconds` are measured. Requests started after the deadline (the last actions finishing) are
  // not counted either; errors always are.
  const started = Date.now()
  const measuredFrom = started + meanThinkMs
  const deadline = measuredFrom + seconds * 1000
  const recorded = recorder(deadline, measuredFrom)
  // What the users' pace alone allows: each user one action per pause (were every answer instant).
  const paced = MIXED_USERS / (meanThinkMs / 1000)
  console.log(
    `  ${MIXED_USERS} users arriving over ${meanThinkMs / 1000} s (not measured), then ${seconds} s measured, ${MIXED_THINK_MS[0]}–${MIXED_THINK_MS[1]} ms between actions (their pace allows ≈ ${Math.round(paced)} actions/s)…`,
  )
  // The simulated users share this process's event loop: its delay is added to every latency measured.
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
  loopDelay.enable()
  const ownStalls = watchOwnStalls(measuredFrom)
  const api = apiClient(serverUrl)
  const before = getPriority()
  const generatorNice = yieldToTheServer(before)
  const { actions, uploaded } = await runWorkload(
    {
      api,
      users: MIXED_USERS,
      signedIn: signedInUsers(Math.ceil(MIXED_USERS / 2), users, targets.edits),
      thinkMs: MIXED_THINK_MS,
      deadline,
      // As if they were already browsing: first actions spread over one mean pause arrive at the
      // steady rate (users / mean pause) from the start.
      arrivalMs: () => randomInt(meanThinkMs),
      tour: false,
      posts: targets.postIds,
      searchTerm,
      word: forumWord,
      measuredFrom,
    },
    recorded.timed,
  ).finally(() => setPriority(before))
  const finished = Date.now()
  loopDelay.disable()
  const stalls = ownStalls.stop()
  // Its samples are the time between ticks (ns): the resolution itself is no delay.
  const delayMs = (ns: number) => round(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS))
  const clientDelayP99Ms = delayMs(loopDelay.percentile(99))
  const requests = recorded.latencies.length
  const requestsPerSecond = round(requests / seconds)
  const actionsPerSecond = round(actions / seconds)
  const ratio = requestsPerSecond / ceiling.requestsPerSecond
  const byKind = recorded.latencyByAction()
  const all = [...recorded.latencies].sort((a, b) => a - b)
  // Over the read budget, by the second they began in: a few stalls, or a tail spread over the window.
  const slow = recorded.slowBySecond(MIXED_BUDGET.readP99Ms)
  const busiest = slow.seconds.slice(0, STALL_SECONDS_SHOWN)
  console.log(
    `  ${slow.slow} of ${all.length} requests over ${MIXED_BUDGET.readP99Ms} ms, in ${slow.seconds.length} of the ${seconds} seconds; ` +
      `the busiest ${busiest.length} held ${busiest.reduce((sum, { slow }) => sum + slow, 0)} (${busiest.map(({ second, slow }) => `s${second}: ${slow}`).join(', ')})`,
  )
  console.log(
    `  the load generator used ${percent(stalls.coreShare)} of a core; its own stalls over ${OWN_STALL_MS} ms: ${bySecondText(stalls.loop)}; ` +
      `its GC pauses over ${OWN_STALL_MS} ms: ${bySecondText(stalls.gc)}`,
  )

  // The posts uploaded go again (through the API, so the files' reference counts follow), so a
  // reused forum does not collect them; the recount below covers the deletions too.
  let undeleted = 0
  for (const { user, postId } of uploaded)
    await api
      .call('delete', `/media/${postId}/delete`, { method: 'DELETE', headers: user.headers })
      .catch(() => (undeleted += 1))
  if (undeleted) console.log(`  ${undeleted} of the ${uploaded.length} posts uploaded could not be deleted`)

  let mismatches: Awaited<ReturnType<typeof counterMismatches>> | null = null
  if ('url' in target) {
    const bench = await openBenchDatabase(target)
    try {
      mismatches = await counterMismatches(bench.db)
    } finally {
      await bench.close()
    }
  } else
    console.log(
      `  ${MIXED_FIGURE}: counters not recounted on PGlite (the server's process holds the database)`,
    )

  const reads = MIXED_READS.filter((kind) => byKind[kind])
  const slowestRead = reads.reduce<string | null>(
    (worst, kind) => (worst === null || byKind[kind].p99 > byKind[worst].p99 ? kind : worst),
    null,
  )
  const readsMet =
    reads.length === MIXED_READS.length && reads.every((kind) => byKind[kind].p99 <= MIXED_BUDGET.readP99Ms)
  const keptPace = actionsPerSecond >= MIXED_BUDGET.paceShare * paced
  const editsMet = byKind.edit !== undefined && byKind.edit.p99 <= MIXED_BUDGET.editP99Ms
  const kinds = Object.entries(byKind)
    .sort(([, a], [, b]) => b.p99 - a.p99)
    .map(([kind, { p50, p99 }]) => `${kind} ${Math.round(p50)}/${Math.round(p99)}`)
    .join(', ')
  const counters =
    mismatches === null ? 'counters not recounted (PGlite)' : `${mismatches.length} counters off`
  report.add(
    {
      name: MIXED_FIGURE,
      value:
        `${requestsPerSecond} req/s, ${percent(ratio)} of ceiling (${actionsPerSecond} actions/s of ${Math.round(paced)} the pace allows); ` +
        `p50/p99 ms ${kinds}; ` +
        `${recorded.errors} errors, ${counters}; load generator at nice ${generatorNice}, its event-loop delay p99 ${clientDelayP99Ms} ms`,
      budget: `reads p99 ≤ ${MIXED_BUDGET.readP99Ms} ms, edits p99 ≤ ${MIXED_BUDGET.editP99Ms} ms, ≥ ${percent(MIXED_BUDGET.paceShare)} of the actions the pace allows, 0 errors, counters exact`,
      // On PGlite the counters are not recounted: met only if nothing else missed, and then unjudged.
      met:
        !readsMet || !editsMet || !keptPace || recorded.errors > 0
          ? false
          : mismatches === null
            ? null
            : mismatches.length === 0,
    },
    {
      users: MIXED_USERS,
      seconds,
      thinkMs: MIXED_THINK_MS,
      requests,
      requestsPerSecond,
      actions,
      actionsPerSecond,
      pacedActionsPerSecond: round(paced),
      ceiling,
      ratio: round(ratio, 3),
      slowestRead,
      byAction: recorded.byAction,
      latencyByAction: byKind,
      p50Ms: round(percentile(all, 0.5)),
      p99Ms: round(percentile(all, 0.99)),
      overReadBudget: { requests: slow.slow, bySecond: slow.seconds },
      generatorStalls: stalls,
      errors: recorded.errors,
      firstErrors: recorded.firstErrors,
      // How long the actions under way at the deadline took to finish (a server behind drains late).
      lastAnswerAfterDeadlineMs: finished - deadline,
      uploadedThenDeleted: uploaded.length - undeleted,
      undeleted,
      generatorNice,
      clientEventLoopDelayMs: {
        p50: delayMs(loopDelay.percentile(50)),
        p99: clientDelayP99Ms,
        max: delayMs(loopDelay.max),
      },
      counterMismatches: mismatches === null ? 'not measured on PGlite' : mismatches.slice(0, 20),
      counterMismatchCount: mismatches?.length ?? null,
    },
  )
  if (recorded.firstErrors.length) console.log(`  first errors:\n    ${recorded.firstErrors.join('\n    ')}`)
}

/** Pauses as the log names them: `s3: 42 ms, s17: 25 ms`, or none. */
const bySecondText = (pauses: readonly { second: number; ms: number }[]) =>
  pauses.map(({ second, ms }) => `s${second}: ${ms} ms`).join(', ') || 'none'

/** A pause of the load generator's event loop (or a GC of its heap) worth naming: the read budget's fifth. */
const OWN_STALL_MS = MIXED_BUDGET.readP99Ms / 5

/**
 * The load generator's own stalls while the users run, by the second of the measured window
 * (from `from`, epoch ms): its event loop late by more than OWN_STALL_MS, and its GC pauses that
 * long. Every request under way then is measured that much slower, whatever the server did.
 */
function watchOwnStalls(from: number) {
  const loop: { second: number; ms: number }[] = []
  const gc: { second: number; ms: number }[] = []
  const secondOf = (epochMs: number) => Math.floor((epochMs - from) / 1000)
  let last = Date.now()
  const cpuBefore = process.cpuUsage()
  const startedAt = last
  const ticker = setInterval(() => {
    const now = Date.now()
    const late = now - last - LOOP_RESOLUTION_MS
    if (late > OWN_STALL_MS && now >= from) loop.push({ second: secondOf(last), ms: late })
    last = now
  }, LOOP_RESOLUTION_MS)
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      const began = performance.timeOrigin + entry.startTime
      if (entry.duration > OWN_STALL_MS && began >= from)
        gc.push({ second: secondOf(began), ms: round(entry.duration) })
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    stop() {
      clearInterval(ticker)
      observer.disconnect()
      const { user, system } = process.cpuUsage(cpuBefore)
      // Its CPU time over the whole run (the users' arrival included), as a share of one core.
      const coreShare = round((user + system) / 1000 / (Date.now() - startedAt), 3)
      return { loop, gc, coreShare }
    },
  }
}

/**
 * Lowers this thread's priority from `before` to MIXED_GENERATOR_NICE where it can be set back
 * after (root), and answers the nice the users run at.
 */
function yieldToTheServer(before: number): number {
  if (process.getuid?.() !== 0) {
    console.log(
      `  (the load generator runs at nice ${before}: only root could set it back after nice ${MIXED_GENERATOR_NICE})`,
    )
    return before
  }
  setPriority(Math.max(before, MIXED_GENERATOR_NICE))
  return getPriority()
}
