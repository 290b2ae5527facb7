import type { HealthCheck, HealthReadyResponse, QueueHealth } from '@agora/contract'
import type { AppContext } from '../../context'
import { pingDatabase } from '../../db/index'
import { QUEUES, type QueueName, type QueueStats, queueStats } from '../../db/queues'

/** A check that has not answered by then counts as not answering (a hung dependency must not hang the probe). */
const CHECK_TIMEOUT_MS = 3_000
/** A due queue entry waiting longer than this means its workers are behind or gone. */
const BACKLOG_SECONDS = 300
/** A CID no upload has: asking whether the store holds it proves the store answers. */
const PROBE_CID = `b${'a'.repeat(58)}`

const ok = (detail?: string): HealthCheck => ({ status: 'ok', ...(detail ? { detail } : {}) })
const degraded = (detail: string): HealthCheck => ({ status: 'degraded', detail })
const unavailable = (detail: string): HealthCheck => ({ status: 'unavailable', detail })

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    )
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function databaseCheck(ctx: AppContext): Promise<HealthCheck> {
  const up = await withTimeout(pingDatabase(ctx.db), 'the database').catch(() => false)
  if (!up) return unavailable('does not answer')
  const pool = ctx.probes.pool()
  if (pool && pool.waiting > 0 && pool.idle === 0 && pool.total >= pool.max) {
    return degraded(`every connection in use, ${pool.waiting} waiting`)
  }
  return ok(ctx.dbKind)
}

async function blobsCheck(ctx: AppContext): Promise<HealthCheck> {
  try {
    await withTimeout(ctx.blobs.exists(PROBE_CID), 'the blob store')
    return ok(ctx.config.blobs.backend)
  } catch (error) {
    return unavailable(`${ctx.config.blobs.backend} store: ${reason(error)}`)
  }
}

async function chainCheck(ctx: AppContext): Promise<HealthCheck> {
  try {
    const chain = await withTimeout(ctx.tokenChain.get(), 'the chain')
    await withTimeout(chain.getAccounts([chain.faucet.address]), 'the chain')
    return ok(chain.networkName)
  } catch (error) {
    return degraded(`unreachable — faucet and claims fail meanwhile (${reason(error)})`)
  }
}

function queuesCheck(stats: Record<QueueName, QueueStats> | null): HealthCheck {
  if (!stats) return unavailable('not read: the database does not answer')
  const problems = QUEUES.flatMap((queue) => {
    const { stuck, oldestDueSeconds } = stats[queue]
    return [
      ...(stuck > 0 ? [`${queue}: ${stuck} past their lease`] : []),
      ...(oldestDueSeconds > BACKLOG_SECONDS
        ? [`${queue}: backlog, oldest due ${oldestDueSeconds} s ago`]
        : []),
    ]
  })
  return problems.length > 0 ? degraded(problems.join('; ')) : ok()
}

function redisCheck(ctx: AppContext): HealthCheck {
  switch (ctx.probes.redis()) {
    case 'up':
      return ok('rate limits are shared')
    case 'down':
      return degraded('unreachable — rate limits are per process')
    default:
      return { status: 'off', detail: 'no REDIS_URL — rate limits are per process' }
  }
}

const EMPTY: QueueHealth = { waiting: 0, oldest_due_seconds: 0, stuck: 0, failed: 0 }

/** Readiness: every part asked at once, each within CHECK_TIMEOUT_MS. */
export async function readiness(ctx: AppContext): Promise<HealthReadyResponse> {
  const [database, blobs, chain, stats] = await Promise.all([
    databaseCheck(ctx),
    blobsCheck(ctx),
    chainCheck(ctx),
    withTimeout(queueStats(ctx.db), 'the queues').catch(() => null),
  ])
  const checks = { database, blobs, chain, queues: queuesCheck(stats), redis: redisCheck(ctx) }
  const all = Object.values(checks)
  // The database and the blob store are needed for every answer; the rest is served with less.
  const status =
    database.status === 'unavailable' || blobs.status === 'unavailable'
      ? 'unavailable'
      : all.some((check) => check.status !== 'ok' && check.status !== 'off')
        ? 'degraded'
        : 'ready'
  const queueOf = (queue: QueueName): QueueHealth => {
    const entry = stats?.[queue]
    if (!entry) return EMPTY
    return {
      waiting: entry.waiting,
      oldest_due_seconds: entry.oldestDueSeconds,
      stuck: entry.stuck,
      failed: entry.failed,
    }
  }
  return {
    status,
    checks,
    queues: {
      analysis: queueOf('analysis'),
      outbox: queueOf('outbox'),
      mail: queueOf('mail'),
      pinning: queueOf('pinning'),
    },
  }
}
