import type { AppContext } from '../../context'
import { type Logger, silentLogger, startWorkerLoops } from '../../db/worker-loops'
import { analysisQueue, type QueueOptions } from './analysis.queue'
import { closeSandboxThreads } from './sandbox'

/**
 * Starts `config.analysis.workers` loops that run analysis jobs in this process, and returns the
 * function that stops them (waiting briefly for jobs in progress; an unfinished one is taken up
 * again by any process once its lease runs out), then ends the idle extraction threads.
 */
export function startAnalysisWorker(
  ctx: Pick<AppContext, 'db' | 'config' | 'events'>,
  options: Partial<QueueOptions> & { log?: Logger } = {},
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
