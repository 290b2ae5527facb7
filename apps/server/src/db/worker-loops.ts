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
  /** A stopping worker waits this long for its job in progress; the lease covers the rest. */
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
  /** A stopping loop waits this long for its job in progress; the job's lease covers the rest. */
  stopTimeoutMs: number
  log: Logger
}

/**
 * Runs `workers` loops of a durable queue (claim with a lease, run, record) in this process and
 * returns the function that stops them: it waits at most `stopTimeoutMs` for the jobs in progress;
 * an unfinished one is taken up again by any process once its lease runs out.
 */
export function startWorkerLoops(options: WorkerLoops): () => Promise<void> {
  const { name, workers, processNext, pollMs, stopTimeoutMs, log } = options
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
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(loops),
      new Promise((resolve) => {
        timer = setTimeout(resolve, stopTimeoutMs)
      }),
    ])
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
