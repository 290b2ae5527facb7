import type { Db } from '../db/index'
import {
  backoffSeconds,
  type LeaseOptions,
  type Logger,
  silentLogger,
  startWorkerLoops,
} from '../db/worker-loops'
import type { EventBus } from './bus'
import { type Delivery, outboxStore } from './outbox.store'

export type OutboxOptions = LeaseOptions

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  leaseSeconds: 60,
  maxAttempts: 10,
  backoffSeconds: 5,
  maxBackoffSeconds: 3600,
  // Followers learn of a new post within about this long (the notifications issue's figure).
  pollMs: 500,
  stopTimeoutMs: 10_000,
}

export type DeliveryOutcome = 'done' | 'retry' | 'failed' | 'lost'

/**
 * The worker side of the outbox: claims a due delivery, runs its durable subscriber in a
 * transaction that also removes the delivery (so a database-only subscriber takes effect exactly
 * once: a claim whose lease was taken over rolls back), and retries failures with back-off.
 */
export function outboxWorker(
  db: Db,
  bus: EventBus,
  overrides: Partial<OutboxOptions> = {},
  log: Logger = silentLogger,
) {
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...overrides }

  async function run(delivery: Delivery): Promise<DeliveryOutcome> {
    const handle = bus.durableHandler(delivery.handler)
    try {
      if (!handle) throw new Error(`No durable subscriber is named ${delivery.handler} in this process`)
      await db.transaction().execute(async (trx) => {
        await handle(trx, delivery.payload as never)
        if (!(await outboxStore(trx).complete(delivery))) throw new LeaseLost()
      })
      return 'done'
    } catch (error) {
      if (error instanceof LeaseLost) return 'lost'
      const message = (error as Error)?.message ?? String(error)
      const givingUp = delivery.attempts >= options.maxAttempts
      await outboxStore(db).release(
        delivery,
        givingUp ? null : backoffSeconds(options, delivery.attempts),
        message,
      )
      log.warn(
        { event: delivery.event, handler: delivery.handler, attempt: delivery.attempts, err: error },
        givingUp ? 'event delivery failed for good' : 'event delivery failed; will retry',
      )
      return givingUp ? 'failed' : 'retry'
    }
  }

  return {
    options,
    /** Claims and runs one due delivery; null when none is due. */
    async processNext(): Promise<{ delivery: Delivery; outcome: DeliveryOutcome } | null> {
      const delivery = await outboxStore(db).claim(options.leaseSeconds)
      if (!delivery) return null
      return { delivery, outcome: await run(delivery) }
    },
    /** Runs due deliveries until none is left (tests, and catching up). */
    async drain() {
      const processed: { delivery: Delivery; outcome: DeliveryOutcome }[] = []
      for (let next = await this.processNext(); next; next = await this.processNext()) processed.push(next)
      return processed
    },
  }
}

class LeaseLost extends Error {}

/** Starts the outbox's worker loop in this process; answers the function that stops it. */
export function startOutboxWorker(
  db: Db,
  bus: EventBus,
  options: Partial<OutboxOptions> & { log?: Logger; workers?: number } = {},
) {
  const { log = silentLogger, workers = 1, ...overrides } = options
  const worker = outboxWorker(db, bus, overrides, log)
  return startWorkerLoops({
    name: 'event outbox',
    workers,
    processNext: () => worker.processNext(),
    pollMs: worker.options.pollMs,
    stopTimeoutMs: worker.options.stopTimeoutMs,
    log,
  })
}
