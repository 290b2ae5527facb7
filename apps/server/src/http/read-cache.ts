import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Invalidation } from '../events/invalidation'
import { accessTokenOf } from './auth'
import { GoneError, NotFoundError } from './errors'
import { KEPT_TTL_FACTOR, remembered } from './remembered'

/**
 * Bodies kept at most. A list page is about 10 KB serialised, so a full cache holds a few tens
 * of MB at worst; the TTL empties it within a second of the traffic stopping anyway.
 */
const MAX_BODIES = 2000
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The encodings (and settings) @fastify/compress answers with (app.ts): a cached body is kept
 * compressed too, or every hit from a browser would pay the compression again — several times
 * what the hit itself costs.
 */
const ENCODERS = {
  br: (json: Buffer) => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (json: Buffer) => gzipSync(json),
}
type Encoding = keyof typeof ENCODERS
const encodings = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] })

/**
 * A cached answer: the value (shared by its readers, never changed), its JSON in UTF-8 bytes (sent
 * as they are: a string would be measured and encoded again for every reader), its compressed forms
 * once some reader asked for them, and the viewers' variants of it made so far (see `Personal`).
 */
interface Body {
  value: unknown
  json: Buffer
  encoded: Partial<Record<Encoding, Buffer>>
  variants?: Map<string, Body>
}

/** A body of `value`, serialised by the route's own response serialiser (fast-json-stringify). */
function bodyOf(value: unknown, reply: FastifyReply): Body {
  return { value, json: Buffer.from(reply.serialize(value) as string), encoded: {} }
}

/** Variants of one body kept at most (a comment page could have one per set of liked comments). */
const MAX_VARIANTS = 64
/** Facts about viewers kept until the next write (`Kept`). */
const MAX_KEPT = 10_000
/**
 * What a viewer's own reads (`ReadCache.own`) may hold in all, in bytes of their JSON counted twice
 * (a compressed form is kept beside it): 32 MB at most — a few thousand Following feed pages, far
 * more notification lists and unread counts.
 */
const MAX_OWN_SIZE = 32_000_000

/**
 * A viewer's answer made from the shared one. Viewers whose answers are equal share a `variant`
 * name ('' for the shared answer itself, as most readers' lists are): its JSON is made once per
 * cached body, so a signed-in read usually costs what an anonymous one does plus the query of
 * what is the viewer's own. `make` builds the value (in new objects: `shared` is other readers'
 * too), called only for a variant not made yet.
 */
export interface Personal<T> {
  variant: string
  make(): T
}

/**
 * Facts about a viewer that only a write can change (whether they have a post only they may see),
 * read once and kept until any write forgets the cached bodies — in this process or another.
 */
export type Kept = <V>(key: string, load: () => Promise<V>) => Promise<V>

/** A public read the cache may answer: how to load it, and how to make the shared answer a viewer's. */
export interface SharedRead<T> {
  /** The answer as `viewerId` sees it (null: an anonymous reader). */
  load(viewerId: string | null): Promise<T>
  /**
   * The shared (anonymous) answer made the viewer's — whether they like or saved what it shows — or
   * null when it cannot be made theirs (it holds something they see otherwise: a comment of theirs
   * a moderator hid, or a list their own private posts would join), and it is loaded for them.
   * Absent: a signed-in reader always loads.
   */
  personalize?(shared: T, viewerId: string, kept: Kept): Promise<Personal<T> | null>
}

/**
 * A short-lived shared cache of public reads' JSON bodies; `personalize` adds a signed-in reader's
 * own fields with one indexed query, so their read costs about what an anonymous one does. Any
 * successful write, here or told by NOTIFY (`ttlMs` bounds a lost one), forgets every body.
 */
export interface ReadCache {
  /**
   * The answer of a public read: the reply sent with the cached (or freshly loaded and then cached)
   * serialised body or the viewer's variant of it, or a value for the route to answer (a read
   * loaded for the viewer). Failures (404, 400) are never cached.
   */
  answer<T>(request: FastifyRequest, reply: FastifyReply, read: SharedRead<T>): Promise<T | FastifyReply>
  /**
   * The answer of a read only `viewerId` may see (their Following feed, their notifications and
   * unread count): kept for them alone until the next write — any write, in any process, as the
   * shared bodies are — so a reader who comes back before anything changed is answered from
   * memory. Concurrent asks of the same viewer share one load; failures are never kept. A request
   * with `Cache-Control: no-cache` is read again.
   */
  own<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    viewerId: string,
    load: () => Promise<T>,
  ): Promise<FastifyReply>
  /** Forgets every body and kept fact, and keeps loads already running from storing theirs. */
  invalidate(): void
}

/** The signed-in reader's id, or null (no token, or one that is not a live session's). */
async function viewerIdOf(request: FastifyRequest): Promise<string | null> {
  return accessTokenOf(request) === null ? null : ((await request.viewer())?.userId ?? null)
}

/** A read cache whose bodies live `ttlMs` milliseconds; 0 turns it off (every read loads). */
export function createReadCache(ttlMs: number): ReadCache {
  if (ttlMs === 0)
    return {
      answer: async (request, _reply, read) => read.load(await viewerIdOf(request)),
      own: async (_request, reply, _viewerId, load) => reply.send(await load()),
      invalidate() {},
    }
  const bodies = new LRUCache<string, Body>({ max: MAX_BODIES, ttl: ttlMs })
  const ownBodies = new LRUCache<string, Body>({
    maxSize: MAX_OWN_SIZE,
    sizeCalculation: (body) => 2 * body.json.byteLength + 1,
    ttl: ttlMs * KEPT_TTL_FACTOR,
  })
  const loading = new Map<string, Promise<Body>>()
  const facts = remembered<unknown>(MAX_KEPT, ttlMs * KEPT_TTL_FACTOR)
  let generation = 0

  /**
   * Loads and serialises once for every concurrent miss of `key`; stores it in `store` (the
   * shared bodies by default) unless a write came meanwhile.
   */
  function shared(
    key: string,
    reply: FastifyReply,
    load: () => Promise<unknown>,
    store: LRUCache<string, Body> = bodies,
  ): Promise<Body> {
    const running = loading.get(key)
    if (running) return running
    const startedIn = generation
    const body = (async () => {
      try {
        const body = bodyOf(await load(), reply)
        if (startedIn === generation) store.set(key, body)
        return body
      } finally {
        loading.delete(key)
      }
    })()
    loading.set(key, body)
    return body
  }

  const kept: Kept = <V>(key: string, load: () => Promise<V>) => facts.remember(key, load) as Promise<V>

  /** The viewer's variant of `body`: made (serialised) once, then kept with the body. */
  function variantOf<T>(body: Body, personal: Personal<T>, reply: FastifyReply): Body {
    if (personal.variant === '') return body
    const known = body.variants?.get(personal.variant)
    if (known) return known
    const variant = bodyOf(personal.make(), reply)
    body.variants ??= new Map()
    if (body.variants.size < MAX_VARIANTS) body.variants.set(personal.variant, variant)
    return variant
  }

  return {
    async answer<T>(request: FastifyRequest, reply: FastifyReply, read: SharedRead<T>) {
      const viewerId = await viewerIdOf(request)
      if (viewerId !== null && !read.personalize) return read.load(viewerId)
      const key = `${generation} ${readKey(request)}`
      let body: Body
      try {
        body = bodies.get(key) ?? (await shared(key, reply, () => read.load(null)))
      } catch (error) {
        // Hidden or removed for anonymous readers, perhaps not for this one (their own post).
        if (viewerId !== null && (error instanceof NotFoundError || error instanceof GoneError))
          return read.load(viewerId)
        throw error
      }
      if (viewerId !== null) {
        const personal = await read.personalize!(body.value as T, viewerId, kept)
        if (personal === null) return read.load(viewerId)
        body = variantOf(body, personal, reply)
      }
      return send(request, reply.type(JSON_TYPE), body)
    },
    async own(request, reply, viewerId, load) {
      // The viewer's id is in the key: nobody else is ever answered from it.
      const key = `${generation} own ${viewerId} ${readKey(request)}`
      // `Cache-Control: no-cache` asks for the answer read again (and then kept).
      const kept = request.headers['cache-control']?.includes('no-cache') ? undefined : ownBodies.get(key)
      const body = kept ?? (await shared(key, reply, load, ownBodies))
      return send(request, reply.type(JSON_TYPE), body)
    },
    // Keys carry the generation: a bump makes every body unreachable at once, and they age out
    // (clearing would cost every write a fill of every slot: half the likes' throughput).
    invalidate() {
      generation++
      facts.forget()
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
 * Forgets the cached bodies before the answer of a write that raised a domain event leaves, so a
 * reader who saw it never gets an older body. Which writes those are is the events' to say: a
 * write that changes what a read shows raises one. Ended sessions are told by the database.
 */
export function invalidateOnWrites(app: FastifyInstance, cache: ReadCache, others: Invalidation) {
  app.addHook('onRequest', (_request, _reply, done) => others.scopeRequest(done))
  // A callback hook, not an async one: every answer passes here.
  app.addHook('onSend', (request, _reply, payload, done) => {
    // A domain event raised by this request (whatever its answer) changed content: forgotten here
    // now that its transaction has committed, and told to the other processes (events/invalidation.ts).
    if (others.endRequest()) {
      cache.invalidate()
      others.tellCommitted(request.log, 'content')
    }
    done(null, payload)
  })
}
