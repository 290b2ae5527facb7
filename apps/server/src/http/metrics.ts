import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { AppContext } from '../context'
import { QUEUES, queueStats } from '../db/queues'
import { NotFoundError, UnauthorizedError } from './errors'
import { openEventStreamCount } from './sse'

/** Where Prometheus scrapes (the convention; outside /api/v1, so not in the API's documents). */
export const METRICS_PATH = '/metrics'

const DROPPED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
]

/**
 * Prometheus metrics: requests and their latency per route, the database pool, the
 * durable queues, rate-limit refusals, Redis, open event streams, and the process's own. The
 * endpoint answers only a Bearer METRICS_TOKEN, and 404 while none is configured: what it tells
 * (routes, queue sizes) is for operators.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  // One registry per app: tests build many apps in one process.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  // prom-client's totals of these are gauges named `_total`, which Prometheus keeps for counters
  // (promtool refuses them); the same figures remain by type: sum(nodejs_active_handles).
  for (const name of DROPPED_DEFAULTS) registry.removeSingleMetric(name)
  const labelNames = ['route', 'method', 'status_class'] as const
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route pattern',
    labelNames: ['route'],
    registers: [registry],
  })
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, callers waiting, and the maximum',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = ctx.probes.pool()
      if (!pool) return
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value)
    },
  })
  if (ctx.probes.redis() !== 'off') {
    new Gauge({
      name: 'redis_up',
      help: 'Whether Redis (shared rate-limit counters) answers: 1 up, 0 down (per-process counters meanwhile)',
      registers: [registry],
      collect() {
        this.set(ctx.probes.redis() === 'up' ? 1 : 0)
      },
    })
  }
  new Gauge({
    name: 'event_streams_open',
    help: 'Server-sent event streams this process holds open',
    registers: [registry],
    collect() {
      this.set(openEventStreamCount())
    },
  })
  const queueGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['queue'], registers: [registry] })
  const queues = {
    waiting: queueGauge('queue_waiting', 'Durable queue entries not done yet'),
    oldestDueSeconds: queueGauge('queue_oldest_due_seconds', 'Seconds the longest-due entry has waited'),
    stuck: queueGauge('queue_stuck', 'Entries whose worker lease ran out'),
    failed: queueGauge('queue_failed', 'Entries that used up their tries'),
  }
  // Read once per scrape, for the four gauges together.
  const readQueues = async () => {
    const stats = await queueStats(ctx.db)
    for (const queue of QUEUES) {
      for (const [field, gauge] of Object.entries(queues)) {
        gauge.set({ queue }, stats[queue][field as keyof typeof queues])
      }
    }
  }

  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label: a scanner's guesses must not make a series each.
    const route = request.routeOptions.url ?? 'unmatched'
    if (route !== METRICS_PATH) {
      const labels = {
        route,
        method: request.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      }
      requests.inc(labels)
      latency.observe(labels, reply.elapsedTime / 1000)
      if (reply.statusCode === 429) refusals.inc({ route })
    }
    done()
  })

  const token = ctx.config.metricsToken
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) throw new NotFoundError('no_such_page', { params: { path: METRICS_PATH } })
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new UnauthorizedError('metrics_token_required')
    }
    // A database that does not answer leaves the queue gauges as they were; the rest still scrapes.
    await readQueues().catch((error) => request.log.warn({ err: error }, 'metrics: queues not read'))
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/i)?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
