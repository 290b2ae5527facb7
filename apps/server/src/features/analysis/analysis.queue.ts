import type { AiAnalysis } from '@agora/contract'
import { BlobMissingError } from '../../blobs/index'
import type { AppContext } from '../../context'
import { backoffSeconds, type LeaseOptions, type Logger, silentLogger } from '../../db/worker-loops'
import { type AnalysisSource, analyseSource, DEFAULT_ANALYSIS_OPTIONS } from './analyse'
import { failedAnalysis } from './analysis.service'
import { analysisStore, type ClaimedJob, type PostForAnalysis } from './analysis.store'
import { ExtractionError } from './extract.limits'
import type { Thumbnail } from './extract.thumbnail'
import type { PreparationInput } from './prepare'

/**
 * The worker side of the analysis queue: claim a due job, analyse the post, record the result
 * under the claim's fencing token and raise `analysis.finished` with it; retry transient failures
 * with exponential back-off and end for good on files that cannot be analysed. The loops that run
 * it in the background are in analysis.worker.ts.
 */

export interface QueueOptions extends LeaseOptions {
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

export type JobOutcome = 'done' | 'failed' | 'retry' | 'lost'

export interface ProcessedJob {
  job: ClaimedJob
  outcome: JobOutcome
}

/** What people read when an analysis fails for a reason that is not about their files. */
const GAVE_UP = 'The analysis could not be completed. The author can try again later.'

/** How a job ended, as it is recorded on the post and raised as `analysis.finished`. */
interface JobEnd {
  status: 'done' | 'failed'
  analysis: AiAnalysis
  /** The post's phrases for the corpus statistics (a finished analysis only). */
  terms?: string[]
  /** Its documents' first pages, by CID (a finished analysis only). */
  thumbnails?: Map<string, Thumbnail>
  /** Its PDFs' page counts, by CID (a finished analysis only). */
  pageCounts?: Map<string, number>
  /** Why the job failed, for the record. */
  error: string | null
}

export function analysisQueue(
  ctx: Pick<AppContext, 'db' | 'config' | 'events' | 'blobs'>,
  overrides: Partial<QueueOptions> & { analyse?: typeof analyseSource } = {},
  log: Logger = silentLogger,
) {
  const { analyse = analyseSource, ...rest } = overrides
  const options = { ...DEFAULT_QUEUE_OPTIONS, ...rest }
  const blobs = ctx.blobs
  const ai = ctx.config.analysis.ai
  const remote = ai ? { ...ai, timeoutMs: options.remoteTimeoutMs } : null

  /** Records how the job ended under its claim and raises it, in one transaction ('lost': the claim was taken over). */
  async function record(
    job: ClaimedJob,
    post: PostForAnalysis,
    fileCount: number,
    end: JobEnd,
  ): Promise<JobOutcome> {
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      const store = analysisStore(trx)
      if (!(await store.finish(job, end.status, end.error))) return false
      await store.setAnalysis(job.post_id, JSON.stringify(end.analysis))
      if (end.terms) await store.replaceTerms(job.post_id, end.terms)
      for (const [cid, thumbnail] of end.thumbnails ?? []) await store.saveThumbnail(cid, thumbnail)
      for (const [cid, pages] of end.pageCounts ?? []) await store.savePageCount(cid, pages)
      await ctx.events.raise(trx, 'analysis.finished', [
        { postId: job.post_id, authorId: post.user_id, status: end.status, fileCount },
      ])
      return true
    })
    return recorded ? end.status : 'lost'
  }

  async function run(job: ClaimedJob): Promise<JobOutcome> {
    const store = analysisStore(ctx.db)
    const post = await store.findPost(job.post_id)
    if (!post) return (await store.finish(job, 'done', null)) ? 'done' : 'lost'
    const files = await store.filesOf(job.post_id)
    const fail = (publicReason: string, detail: string) =>
      record(job, post, files.length, {
        status: 'failed',
        analysis: failedAnalysis(publicReason),
        error: detail,
      })
    // A job that keeps taking its process down (claimed again and again after lease expiry) stops here.
    if (job.attempts > options.maxAttempts)
      return fail(GAVE_UP, `gave up after ${options.maxAttempts} attempts`)

    const source: AnalysisSource = {
      title: post.title,
      summary: post.summary,
      content: post.content,
      instruction: post.ai_instruction,
      tags: post.tags,
      files: files.map((file) => ({
        name: file.name,
        mime: file.mime,
        cid: file.cid,
        open: () => blobs.read(file.cid),
      })),
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
      const byCid = <T>(byIndex: Map<number, T> | undefined) =>
        new Map([...(byIndex ?? [])].map(([index, value]) => [files[index].cid, value]))
      return await record(job, post, files.length, {
        status: 'done',
        ...outcome,
        thumbnails: byCid(outcome.thumbnails),
        pageCounts: byCid(outcome.pageCounts),
        error: null,
      })
    } catch (error) {
      const message = (error as Error).message
      if (error instanceof ExtractionError) return fail(message, message)
      if (error instanceof BlobMissingError)
        return fail('A file of this post is missing from storage.', message)
      if (job.attempts >= options.maxAttempts) return fail(GAVE_UP, message)
      log.warn({ err: error, postId: job.post_id, attempt: job.attempts }, 'analysis failed; will retry')
      return (await store.retryLater(job, backoffSeconds(options, job.attempts), message))
        ? 'retry'
        : 'failed'
    }
  }

  /** Claims this queue holds now (jobs in progress). */
  const held = new Set<ClaimedJob>()

  return {
    options,
    /** Claims and runs one due job; null when none is due. */
    async processNext(): Promise<ProcessedJob | null> {
      const job = await analysisStore(ctx.db).claim(options.leaseSeconds)
      if (!job) return null
      held.add(job)
      const outcome = await run(job).finally(() => held.delete(job))
      if (outcome === 'lost')
        log.warn({ postId: job.post_id }, 'analysis finished after its lease was taken over')
      return { job, outcome }
    },
    /** Hands every claim in progress back to the queue (a stopping worker; see LeaseOptions). */
    async release(): Promise<void> {
      const store = analysisStore(ctx.db)
      for (const job of held) {
        if (await store.release(job)) log.info({ postId: job.post_id }, 'analysis handed back to the queue')
      }
    },
    /** Runs due jobs until none is left (tests, and catching up). */
    async drain(): Promise<ProcessedJob[]> {
      const processed: ProcessedJob[] = []
      for (let next = await this.processNext(); next; next = await this.processNext()) processed.push(next)
      return processed
    },
  }
}
