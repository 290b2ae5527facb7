import type { BlobStore } from '../../blobs/index'
import type { PinningConfig } from '../../config'
import type { Db } from '../../db/index'
import { backoffSeconds, type Logger, silentLogger, startWorkerLoops } from '../../db/worker-loops'
import { PinError, type PinningClient, type RemotePin } from './pinning.client'
import { pinningClient } from './pinning.kubo'
import { type PinJob, type PinUpdate, pinningStore } from './pinning.store'

export interface PinningOptions {
  /** A claimed job is another worker's to take after this long. */
  leaseSeconds: number
  /** A failed try waits this long, then twice as long each time, at most `maxBackoffSeconds`. */
  backoffSeconds: number
  maxBackoffSeconds: number
  /** A pin the service is still working on is asked about after this long, then twice as long… */
  pollSeconds: number
  maxPollSeconds: number
  /** An idle worker looks for due jobs this often. */
  idleMs: number
}

export const DEFAULT_PINNING_OPTIONS: PinningOptions = {
  leaseSeconds: 120,
  backoffSeconds: 30,
  maxBackoffSeconds: 6 * 3600,
  pollSeconds: 10,
  maxPollSeconds: 600,
  idleMs: 2000,
}

export type PinOutcome = 'pinned' | 'waiting' | 'retry' | 'failed' | 'lost'

/**
 * Pins queued files: claims a due job (a lease, so a crashed worker's job is taken up by another),
 * asks the service to pin the file or how an earlier request stands, and records the answer. A
 * failure is tried again with doubling back-off up to the configured attempts, then recorded as
 * failed with its error; a refusal no retry can change (a 400) fails at once.
 */
export function pinningWorker(
  db: Db,
  config: PinningConfig,
  store: BlobStore,
  overrides: Partial<PinningOptions> = {},
  log: Logger = silentLogger,
  client: PinningClient = pinningClient(config, store),
) {
  const options = { ...DEFAULT_PINNING_OPTIONS, ...overrides }
  const jobs = pinningStore(db)

  /** The service's answer, asking anew only when no request of an earlier claim is known. */
  async function ask(job: PinJob): Promise<RemotePin> {
    if (job.request_id) return client.check(job.request_id)
    // An earlier claim may have asked and then lost its lease before recording the request id.
    const earlier = job.claims > 1 ? await client.find(job.cid) : null
    return earlier ?? client.add({ cid: job.cid, name: job.name })
  }

  function answered(job: PinJob, remote: RemotePin): PinUpdate {
    if (remote.status === 'failed') {
      throw new PinError(
        `The pinning service could not pin it${remote.info ? `: ${remote.info}` : ''}`,
        true,
        true,
      )
    }
    if (remote.status === 'pinned') {
      return { status: 'pinned', requestId: remote.requestId, error: null, dueInSeconds: null, failed: false }
    }
    const poll = { backoffSeconds: options.pollSeconds, maxBackoffSeconds: options.maxPollSeconds }
    return {
      status: remote.status,
      requestId: remote.requestId,
      error: null,
      dueInSeconds: backoffSeconds(poll, job.claims),
      failed: false,
    }
  }

  function failure(job: PinJob, error: unknown): PinUpdate {
    const pinError = error instanceof PinError ? error : new PinError(String(error), true)
    const givingUp = !pinError.retry || job.attempts + 1 >= config.maxAttempts
    return {
      status: givingUp ? 'failed' : 'queued',
      requestId: pinError.forgetRequest ? null : job.request_id,
      error: pinError.message,
      dueInSeconds: givingUp ? null : backoffSeconds(options, job.attempts + 1),
      failed: true,
    }
  }

  async function run(job: PinJob): Promise<PinOutcome> {
    let update: PinUpdate
    try {
      update = answered(job, await ask(job))
    } catch (error) {
      update = failure(job, error)
      log.warn(
        { cid: job.cid, attempt: job.attempts + 1, err: update.error },
        update.status === 'failed' ? 'pin failed for good' : 'pin not made; will retry',
      )
    }
    if (!(await jobs.record(job, update))) return 'lost'
    if (update.failed) return update.status === 'failed' ? 'failed' : 'retry'
    return update.status === 'pinned' ? 'pinned' : 'waiting'
  }

  return {
    options,
    /** Claims and runs one due job; null when none is due. */
    async processNext(): Promise<{ job: PinJob; outcome: PinOutcome } | null> {
      const job = await jobs.claim(options.leaseSeconds)
      return job ? { job, outcome: await run(job) } : null
    },
    /** Runs due jobs until none is left (tests, and catching up). */
    async drain() {
      const done: { job: PinJob; outcome: PinOutcome }[] = []
      for (let next = await this.processNext(); next; next = await this.processNext()) done.push(next)
      return done
    },
  }
}

/** Starts the pinning worker in this process (none when pinning is off); answers the function that stops it. */
export function startPinningWorker(db: Db, config: PinningConfig | null, store: BlobStore, log: Logger) {
  if (!config) return async () => {}
  const worker = pinningWorker(db, config, store, {}, log)
  return startWorkerLoops({
    name: 'ipfs pinning',
    workers: 1,
    processNext: () => worker.processNext(),
    pollMs: worker.options.idleMs,
    stopTimeoutMs: 10_000,
    log,
  })
}
