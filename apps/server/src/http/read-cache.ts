import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Invalidation } from '../events/invalidation'
import { accessTokenOf } from './auth'

/**
 * Bodies kept at most. A list page is about 10 KB serialised, so a full cache holds a few tens
 * of MB at worst; the TTL empties it within a second of the traffic stopping anyway.
 */
const MAX_BODIES = 2000
/** Requests that may change what a cached body holds. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The encodings (and settings) @fastify/compress answers with (app.ts): a cached body is kept
 * compressed too, or every hit from a browser would pay the compression again — several times
 * what the hit itself costs.
 */
const ENCODERS = {
  br: (json: string) => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (json: string) => gzipSync(json),
}
type Encoding = keyof typeof ENCODERS
const encodings = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] })

/** A cached answer: its JSON, and its compressed forms once some reader asked for them. */
interface Body {
  json: string
  encoded: Partial<Record<Encoding, Buffer>>
}

/**
 * A short-lived shared cache of the JSON bodies of public reads (the forum list, a post, its
 * comments), for anonymous requests only: a signed-in viewer's answer carries viewer-specific
 * fields (`liked`, their own private posts), so it always goes to the database.
 *
 * Concurrent misses for the same read share one load. Every successful write request this process
 * answers forgets every body (a generation bump), so a reader sees a like, comment or new post as soon as
 * the write has answered; another process's writes are told by NOTIFY (events/invalidation.ts) and
 * show within milliseconds — after at most `ttlMs` while that channel is down.
 */
export interface ReadCache {
  /**
   * The answer of a public read: for an anonymous request the reply sent with the cached (or
   * freshly loaded and then cached) serialised body, otherwise `load()`'s value for the route to
   * answer. Failures
   * (404, 400) are never cached.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>): Promise<T | FastifyReply>
  /** Forgets every body, and keeps loads already running from storing theirs. */
  invalidate(): void
}

/** A read cache whose bodies live `ttlMs` milliseconds; 0 turns it off (every read loads). */
export function createReadCache(ttlMs: number): ReadCache {
  if (ttlMs === 0) return { answer: (_request, _reply, load) => load(), invalidate() {} }
  const bodies = new LRUCache<string, Body>({ max: MAX_BODIES, ttl: ttlMs })
  const loading = new Map<string, Promise<Body>>()
  let generation = 0

  /** Loads and serialises once for every concurrent miss of `key`; stores it unless a write came meanwhile. */
  function shared(key: string, reply: FastifyReply, load: () => Promise<unknown>): Promise<Body> {
    const running = loading.get(key)
    if (running) return running
    const startedIn = generation
    const body = (async () => {
      try {
        // The route's own response serialiser (fast-json-stringify), which answers a string.
        const body: Body = { json: reply.serialize(await load()) as string, encoded: {} }
        if (startedIn === generation) bodies.set(key, body)
        return body
      } finally {
        loading.delete(key)
      }
    })()
    loading.set(key, body)
    return body
  }

  return {
    async answer(request, reply, load) {
      if (accessTokenOf(request) !== null) return load()
      const key = `${generation} ${readKey(request)}`
      const body = bodies.get(key) ?? (await shared(key, reply, load))
      return send(request, reply.type(JSON_TYPE), body)
    },
    invalidate() {
      generation++
      bodies.clear()
    },
  }
}

/** Sends the body in the encoding the request prefers, compressing it once per cached body. */
function send(request: FastifyRequest, reply: FastifyReply, body: Body) {
  const accepted = request.headers['accept-encoding']
  const encoding =
    accepted && request.headers['x-no-compression'] === undefined ? encodings.negotiate(accepted) : null
  if (encoding === null || encoding === 'identity') return reply.send(body.json)
  body.encoded[encoding] ??= ENCODERS[encoding](body.json)
  const vary = reply.getHeader('vary')
  // A set Content-Encoding tells @fastify/compress the payload is already compressed.
  return reply
    .header('content-encoding', encoding)
    .header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    .send(body.encoded[encoding])
}

/**
 * The read's identity: its route and its validated parameters (defaults applied, types coerced,
 * unknown fields dropped), query fields in name order — so `?a=1&b=2`, `?b=2&a=1` and a spelled-out
 * default share one body.
 */
function readKey(request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>
  const fields = Object.keys(query)
    .sort()
    .map((name) => [name, query[name]])
  return `${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(fields)}`
}

/**
 * Writes that change nothing a cached read shows (posts, comments, their authors' names and
 * avatars): sign-in, token refresh, logout, registration, the faucet, reward claims.
 */
const CHANGES_NO_CONTENT = /^\/api\/v1\/(auth|token|rewards)\//

/**
 * Forgets the cached bodies whenever a write that may change what they show succeeds. The bump
 * happens before the answer leaves (onSend, after the handler committed), so a reader that saw the
 * answer never gets a body loaded before it; a read that started earlier stores nothing (its
 * generation is gone). A refused write (4xx, 5xx) changed nothing, and so cannot be used to empty
 * the cache over and over; nor can signing in and refreshing tokens. The other processes are told
 * too (`others`), the write having committed.
 */
export function invalidateOnWrites(app: FastifyInstance, cache: ReadCache, others: Invalidation) {
  app.addHook('onRequest', (_request, _reply, done) => others.scopeRequest(done))
  app.addHook('onSend', async (request, reply) => {
    // A domain event raised by this request (whatever its answer) is told to the other processes
    // now, its transaction having committed (events/invalidation.ts).
    if (others.endRequest()) {
      cache.invalidate()
      others.tellCommitted(request.log)
      return
    }
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400) return
    if (CHANGES_NO_CONTENT.test(request.routeOptions.url ?? request.url)) return
    cache.invalidate()
    others.tellCommitted(request.log)
  })
}
