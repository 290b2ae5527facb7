import type { AppContext } from '../../context'
import { type Logger, silentLogger, startWorkerLoops } from '../../db/worker-loops'
import { analysisQueue } from './analysis.queue'
import { closeSandboxThreads } from './sandbox'

/**
 * Starts `config.analysis.workers` loops that run analysis jobs in this process, and returns the
 * function that stops them (waiting briefly for jobs in progress, then handing the unfinished ones
 * back to the queue for any process), then ends the idle extraction threads.
 */
export function startAnalysisWorker(
  ctx: Pick<AppContext, 'db' | 'config' | 'events' | 'blobs'>,
  // `analyse`: the engine, replaced by tests (one that hangs, for a stop mid-job).
  options: Parameters<typeof analysisQueue>[1] & { log?: Logger } = {},
): () => Promise<void> {
  const { log = silentLogger, ...overrides } = options
  const workers = ctx.config.analysis.workers
  if (workers === 0) return async () => {}
  const queue = analysisQueue(ctx, overrides, log)
  const stopLoops = startWorkerLoops({
    name: 'analysis',
    workers,
    processNext: () => queue.processNext(),
    pollMs: queue.options.pollMs,
    stopTimeoutMs: queue.options.stopTimeoutMs,
    release: () => queue.release(),
    log,
  })
  log.info(
    { workers, engine: ctx.config.analysis.ai ? 'openai-compatible' : 'local' },
    'analysis worker started',
  )
  return async () => {
    await stopLoops()
    await closeSandboxThreads()
  }
}
