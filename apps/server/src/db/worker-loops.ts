import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
export const silentLogger: Logger = { info() {}, warn() {}, error() {} } as unknown as Logger

/** How a durable queue's jobs are claimed, retried and stopped (analysis jobs, outbox deliveries). */
export interface LeaseOptions {
  /** How long a claim holds; a job still running after this is taken to be orphaned. */
  leaseSeconds: number
  /** Claims of one job before it fails for good. */
  maxAttempts: number
  /** The first retry waits this long; each later one twice as long, up to `maxBackoffSeconds`. */
  backoffSeconds: number
  maxBackoffSeconds: number
  /** An idle worker looks for new jobs this often. */
  pollMs: number
  /** A stopping worker waits this long for its job in progress, then hands it back to the queue. */
  stopTimeoutMs: number
}

export interface WorkerLoops {
  /** What the loops work on, for the log. */
  name: string
  /** How many loops run at once. */
  workers: number
  /** Claims and runs one due job; false (or null) when none is due. */
  processNext(): Promise<unknown>
  /** An idle loop looks for work this often; after an error it waits five times as long. */
  pollMs: number
  /** A stopping loop waits this long for its job in progress, then `release`s it. */
  stopTimeoutMs: number
  /**
   * Hands back the claims still held once `stopTimeoutMs` has passed, so another process takes them
   * at once instead of after their lease: a SIGTERM must not leave jobs `running` for minutes.
   */
  release?: () => Promise<void>
  log: Logger
}

/**
 * Runs `workers` loops of a durable queue (claim with a lease, run, record) in this process and
 * returns the function that stops them: it waits at most `stopTimeoutMs` for the jobs in progress,
 * then releases the unfinished ones (`release`); without it, or if that fails, any process takes
 * them up again once their lease runs out.
 */
export function startWorkerLoops(options: WorkerLoops): () => Promise<void> {
  const { name, workers, processNext, pollMs, stopTimeoutMs, release, log } = options
  if (workers === 0) return async () => {}
  const stopping = new AbortController()
  // Resolves early when the loops are stopped.
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => {})

  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        if (await processNext()) continue
        await pause(pollMs)
      } catch (error) {
        // The database is unreachable or a job could not be recorded: wait, then carry on.
        if (!stopping.signal.aborted) log.error({ err: error }, `${name} worker error`)
        await pause(pollMs * 5)
      }
    }
  }
  const loops = Array.from({ length: workers }, loop)

  return async () => {
    stopping.abort()
    if (await within(Promise.all(loops), stopTimeoutMs)) return
    if (!release) return
    // Bounded too: a database that does not answer must not hold the shutdown.
    const released = await within(release(), stopTimeoutMs).catch((error) => {
      log.warn({ err: error }, `${name} worker could not release its jobs`)
      return false
    })
    if (released) log.info(`${name} worker stopped; its unfinished jobs went back to the queue`)
    else log.warn(`${name} worker stopped; its unfinished jobs wait for their leases to run out`)
  }
}

/** Whether `work` settles within `ms` (a rejection still rejects). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      work.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** The wait before retry `attempt` (1, 2, …): doubling from `backoffSeconds`, at most `maxBackoffSeconds`. */
export function backoffSeconds(
  options: { backoffSeconds: number; maxBackoffSeconds: number },
  attempt: number,
) {
  return Math.min(options.maxBackoffSeconds, options.backoffSeconds * 2 ** Math.max(0, attempt - 1))
}
