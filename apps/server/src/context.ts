import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import { type BlobStore, openBlobStore } from './blobs/index'
import type { Config } from './config'
import type { DatabaseHandle, Db, DbKind, PoolStats } from './db/index'
import { createEventBus, type EventBus } from './events/index'
import { createInvalidation, type Invalidation } from './events/invalidation'
import { createLive, type Live } from './events/live'
import { createSessionMemo, type SessionMemo, type TokenSigner, tokenSigner } from './http/auth'
import type { RedisState } from './http/rate-limit-store'
import { createReadCache, type ReadCache } from './http/read-cache'
import { createStreamSlots, type StreamSlots } from './http/sse'
import { type ContributionGuard, contributionGuard } from './policy/index'

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/**
 * What features add to the context, each declaring its own part (`declare module '../../context'`):
 * the composition root (app.ts) builds them, and a test may hand in its own.
 */
// biome-ignore lint/suspicious/noEmptyInterface: features merge their parts into it.
export interface FeatureParts {}

/** How an app's context is put together: the parts features add, and what a test may replace. */
export interface ContextParts extends FeatureParts {
  readCache?: ReadCache
  redis?: Probes['redis']
}

/** What every feature's routes get: the database and the shared services. */
export interface AppContext extends FeatureParts {
  config: Config
  db: Db
  dbKind: DbKind
  signer: TokenSigner
  /** Anonymous public reads served from memory for READ_CACHE_MS (http/read-cache.ts). */
  readCache: ReadCache
  /**
   * Registers something else a feature keeps in memory that content writes make stale (e.g. the
   * tags' counts): forgotten whenever the read cache's bodies are, in every process.
   */
  forgetOnWrites(forget: () => void): void
  /** What the database answered about sessions, kept as long as the read cache (http/auth.ts). */
  sessions: SessionMemo
  /** The domain events contributions raise and their subscribers (events/). */
  events: EventBus
  /** News for open event streams, across processes (events/live.ts). */
  live: Live
  /** The event streams open in this process, capped per client address and per user (http/sse.ts). */
  streams: StreamSlots
  /** Tells the other server processes to forget their cached reads (events/invalidation.ts). */
  invalidation: Invalidation
  /** The state of shared parts, for readiness and /metrics. */
  probes: Probes
  /** Block and trust refusals every post and comment write asks first (policy/guard.ts). */
  guard: ContributionGuard
  /** Where files' bytes are kept (local folder or S3), one store for the whole app. */
  blobs: BlobStore
}

export interface Probes {
  /** The PostgreSQL pool's connections; null on PGlite. */
  pool(): PoolStats | null
  /** Where rate-limit counters are kept: Redis up, down (per process meanwhile), or off. */
  redis(): RedisState
}

/**
 * The context of one app: its database, token signer, read cache and event bus. The read cache
 * forgets its bodies on every domain event, so a write made outside a request (the analysis
 * worker) shows at once too — in every process, told when the event's transaction commits; the
 * features subscribe their own reactions (app.ts).
 */
export function createContext(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { readCache = createReadCache(config.readCacheMs), redis = () => 'off', ...parts }: ContextParts,
): AppContext {
  const events = createEventBus()
  const sessions = createSessionMemo(config.readCacheMs)
  const forgetters: (() => void)[] = []
  const cache: ReadCache = {
    answer: readCache.answer,
    own: readCache.own,
    invalidate() {
      readCache.invalidate()
      for (const forget of forgetters) forget()
    },
  }
  const invalidation = createInvalidation(
    database,
    (what) => {
      if (what !== 'sessions') cache.invalidate()
      if (what !== 'content') sessions.forget()
    },
    log,
  )
  // A domain event changes content; a session, role or suspension changed is told by the
  // database itself (a trigger's NOTIFY, migration 0042), which forgets `sessions`.
  events.onEvery((trx) => {
    cache.invalidate()
    return invalidation.tellInTransaction(trx)
  })
  return {
    ...parts,
    config,
    db: database.db,
    dbKind: database.kind,
    signer: tokenSigner(config.jwtSecret),
    readCache: cache,
    forgetOnWrites: (forget) => forgetters.push(forget),
    sessions,
    events,
    live: createLive(database, log),
    streams: createStreamSlots(config.http),
    invalidation,
    probes: { pool: () => database.poolStats(), redis },
    guard: contributionGuard(config.trust),
    blobs: openBlobStore(config),
  }
}
