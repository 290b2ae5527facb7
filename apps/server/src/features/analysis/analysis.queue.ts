import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../app'
import { BlobMissingError, blobStoreFor } from '../../blobs/index'
import { rewardsLedger } from '../rewards/rewards.service'
import { type AnalysisSource, analyseSource, DEFAULT_ANALYSIS_OPTIONS } from './analyse'
import { failedAnalysis } from './analysis.service'
import { analysisStore, type ClaimedJob } from './analysis.store'
import { ExtractionError } from './extract'
import type { PreparationInput } from './prepare'
import { closeSandboxThreads } from './sandbox'

/**
 * The worker side of the analysis queue: claim a due job, analyse the post, record the result
 * under the claim's fencing token; retry transient failures with exponential back-off and end
 * for good on files that cannot be analysed.
 */

export interface QueueOptions {
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
  limits: PreparationInput['limits']
  memoryMb: number
  textBudget: number
  remoteTimeoutMs: number
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  // Longer than the slowest analysis can take: extraction (30 s) plus the model (90 s).
  leaseSeconds: 300,
  maxAttempts: 5,
  backoffSeconds: 30,
  maxBackoffSeconds: 3600,
  pollMs: 1000,
  stopTimeoutMs: 10_000,
  limits: DEFAULT_ANALYSIS_OPTIONS.limits,
  memoryMb: DEFAULT_ANALYSIS_OPTIONS.memoryMb,
  textBudget: DEFAULT_ANALYSIS_OPTIONS.textBudget,
  remoteTimeoutMs: DEFAULT_ANALYSIS_OPTIONS.remoteTimeoutMs,
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

export type JobOutcome = 'done' | 'failed' | 'retry' | 'lost'

export interface ProcessedJob {
  job: ClaimedJob
  outcome: JobOutcome
}

/** What people read when an analysis fails for a reason that is not about their files. */
const GAVE_UP = 'The analysis could not be completed. The author can try again later.'

export function backoffSeconds(
  options: Pick<QueueOptions, 'backoffSeconds' | 'maxBackoffSeconds'>,
  attempt: number,
) {
  return Math.min(options.maxBackoffSeconds, options.backoffSeconds * 2 ** Math.max(0, attempt - 1))
}

export function analysisQueue(
  ctx: Pick<AppContext, 'db' | 'config'>,
  overrides: Partial<QueueOptions> & { analyse?: typeof analyseSource } = {},
  log: Logger = silentLogger,
) {
  const { analyse = analyseSource, ...rest } = overrides
  const options = { ...DEFAULT_QUEUE_OPTIONS, ...rest }
  const blobs = blobStoreFor(ctx.config)
  const ai = ctx.config.analysis.ai
  const remote = ai ? { ...ai, timeoutMs: options.remoteTimeoutMs } : null
  const ledger = rewardsLedger(ctx.config.rewards)

  async function fail(job: ClaimedJob, publicReason: string, detail: string): Promise<JobOutcome> {
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      const store = analysisStore(trx)
      if (!(await store.finish(job, 'failed', detail))) return false
      await store.setAnalysis(job.post_id, JSON.stringify(failedAnalysis(publicReason)))
      return true
    })
    return recorded ? 'failed' : 'lost'
  }

  async function run(job: ClaimedJob): Promise<JobOutcome> {
    const store = analysisStore(ctx.db)
    const post = await store.findPost(job.post_id)
    if (!post) return (await store.finish(job, 'done', null)) ? 'done' : 'lost'
    // A job that keeps taking its process down (claimed again and again after lease expiry) stops here.
    if (job.attempts > options.maxAttempts)
      return fail(job, GAVE_UP, `gave up after ${options.maxAttempts} attempts`)

    const files = await store.filesOf(job.post_id)
    const source: AnalysisSource = {
      title: post.title,
      summary: post.summary,
      content: post.content,
      instruction: post.ai_instruction,
      files: files.map((file) => ({ name: file.name, mime: file.mime, open: () => blobs.read(file.cid) })),
    }
    try {
      const outcome = await analyse(source, {
        limits: options.limits,
        memoryMb: options.memoryMb,
        textBudget: options.textBudget,
        maxDocumentBytes: DEFAULT_ANALYSIS_OPTIONS.maxDocumentBytes,
        remote,
        corpus: (terms) => store.termFrequencies(job.post_id, terms),
        log,
      })
      const recorded = await ctx.db.transaction().execute(async (trx) => {
        const within = analysisStore(trx)
        if (!(await within.finish(job, 'done', null))) return false
        await within.setAnalysis(job.post_id, JSON.stringify(outcome.analysis))
        await within.replaceTerms(job.post_id, outcome.terms)
        await ledger.postAnalysed(trx, { id: job.post_id, user_id: post.user_id }, files.length)
        return true
      })
      return recorded ? 'done' : 'lost'
    } catch (error) {
      const message = (error as Error).message
      if (error instanceof ExtractionError) return fail(job, message, message)
      if (error instanceof BlobMissingError) {
        return fail(job, 'A file of this post is missing from storage.', message)
      }
      if (job.attempts >= options.maxAttempts) return fail(job, GAVE_UP, message)
      log.warn({ err: error, postId: job.post_id, attempt: job.attempts }, 'analysis failed; will retry')
      return (await store.retryLater(job, backoffSeconds(options, job.attempts), message))
        ? 'retry'
        : 'failed'
    }
  }

  return {
    options,
    /** Claims and runs one due job; null when none is due. */
    async processNext(): Promise<ProcessedJob | null> {
      const job = await analysisStore(ctx.db).claim(options.leaseSeconds)
      if (!job) return null
      const outcome = await run(job)
      if (outcome === 'lost')
        log.warn({ postId: job.post_id }, 'analysis finished after its lease was taken over')
      return { job, outcome }
    },
    /** Runs due jobs until none is left (tests, and catching up). */
    async drain(): Promise<ProcessedJob[]> {
      const processed: ProcessedJob[] = []
      for (let next = await this.processNext(); next; next = await this.processNext()) processed.push(next)
      return processed
    },
  }
}

const silentLogger: Logger = { info() {}, warn() {}, error() {} } as unknown as Logger

/**
 * Starts `config.analysis.workers` loops that run analysis jobs in this process, and returns the
 * function that stops them (waiting briefly for jobs in progress; an unfinished one is taken up
 * again by any process once its lease runs out).
 */
export function startAnalysisWorker(
  ctx: Pick<AppContext, 'db' | 'config'>,
  options: Partial<QueueOptions> & { log?: Logger } = {},
): () => Promise<void> {
  const { log = silentLogger, ...overrides } = options
  const workers = ctx.config.analysis.workers
  if (workers === 0) return async () => {}
  const queue = analysisQueue(ctx, overrides, log)
  const stopping = new AbortController()

  // Resolves early when the worker is stopped.
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => {})

  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        if (await queue.processNext()) continue
        await pause(queue.options.pollMs)
      } catch (error) {
        // The database is unreachable or a job could not be recorded: wait, then carry on.
        if (!stopping.signal.aborted) log.error({ err: error }, 'analysis worker error')
        await pause(queue.options.pollMs * 5)
      }
    }
  }
  const loops = Array.from({ length: workers }, loop)
  log.info(
    { workers, engine: ctx.config.analysis.ai ? 'openai-compatible' : 'local' },
    'analysis worker started',
  )

  return async () => {
    stopping.abort()
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(loops),
      new Promise((resolve) => {
        timer = setTimeout(resolve, queue.options.stopTimeoutMs)
      }),
    ])
    clearTimeout(timer)
    await closeSandboxThreads()
  }
}
