import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import LocalStore from '@fastify/rate-limit/store/LocalStore.js'
import RedisStore from '@fastify/rate-limit/store/RedisStore.js'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/** Where the rate-limit counters are: shared in Redis, per process (no REDIS_URL, or Redis down). */
export type RedisState = 'off' | 'up' | 'down'

export interface RateLimitCounters {
  /** The plugin's options for the store. */
  options: { store?: FastifyRateLimitStoreCtor }
  redis(): RedisState
  close(): Promise<void>
}

/** How long a start waits for Redis before it serves with per-process counters. */
const CONNECT_WAIT_MS = 2_000

type Incr = Parameters<FastifyRateLimitStore['incr']>
/** The plugin's stores also read a counter without moving it (`{ increment: false }`); its types omit it. */
type Readable = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] }
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0]

/**
 * Rate-limit counters that hold when Redis does not (with `skipOnError` every limit would be
 * silently off while Redis is unreachable). With Redis up they are shared; while it is down each
 * process counts on its own (a limit per process is still a limit) — one warning when an outage
 * starts, one info line when Redis is back.
 */
export async function openRateLimitCounters(
  redisUrl: string | null,
  log: FastifyBaseLogger,
): Promise<RateLimitCounters> {
  if (!redisUrl) return { options: {}, redis: () => 'off', close: async () => {} }
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Back within seconds of Redis returning; no retry storm while it is away.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  let state: RedisState | 'starting' = 'starting'
  let closing = false
  const down = (error?: Error) => {
    if (state === 'down' || closing) return
    state = 'down'
    log.warn(
      { event: 'redis_unreachable', err: error?.message },
      'Redis is unreachable: rate limits are counted per process until it is back',
    )
  }
  redis.on('error', down)
  redis.on('end', () => down())
  redis.on('ready', () => {
    if (state === 'down') log.info({ event: 'redis_back' }, 'Redis is back: rate limits are shared again')
    state = 'up'
  })

  // The first requests count in Redis too, unless it does not answer soon (then per process until it does).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(key: Incr[0], callback: Incr[1], timeWindow: Incr[2], max: Incr[3]) {
      if (redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max)
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result)
          down(error)
          this.local.incr(key, callback, timeWindow, max)
        },
        timeWindow,
        max,
      )
    }

    read(key: Incr[0], callback: Incr[1], timeWindow: Incr[2], max: Incr[3]) {
      const [shared, local] = [this.shared as Readable, this.local as Readable]
      if (redis.status !== 'ready') return local.read(key, callback, timeWindow, max)
      shared.read(
        key,
        (error, result) => {
          if (!error) return callback(null, result)
          down(error)
          local.read(key, callback, timeWindow, max)
        },
        timeWindow,
        max,
      )
    }

    child(routeOptions: RouteOptions) {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions))
    }
  }

  const Store = class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const { continueExceeding = false, exponentialBackoff = false } = options
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, 'agora-rate-limit:'),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
      )
    }
  }
  return {
    options: { store: Store },
    redis: () => (state === 'up' ? 'up' : 'down'),
    async close() {
      // Closing is not an outage: no warning for it.
      closing = true
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
