import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface WriteGateOptions {
  /** Writes to one item that run at once; the rest wait here, holding no database connection. */
  perItem: number
  /** How long a write waits for its turn before it answers 503 (the database's lock wait, say). */
  waitMs: number
}

class ItemBusyError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super('busy', {
      detail: 'Too many changes to this item are waiting. Please try again.',
      headers: { 'retry-after': String(retryAfterSeconds) },
    })
  }
}

interface Turns {
  running: number
  waiting: (() => void)[]
}

/**
 * A bulkhead per item: writes to one item — one route, one set of path parameters,
 * `/media/:id/like` for one post — take at most `perItem` of the pool's connections. Without it a
 * row held locked let its waiting writers take every connection, and reads and writes of other
 * items answered 503 until the lock went. A row lock makes a row's writers take turns anyway, so
 * the cap costs little; a writer that waits past `waitMs` answers 503 with Retry-After.
 */
export function registerWriteGate(app: FastifyInstance, options: WriteGateOptions) {
  const items = new Map<string, Turns>()
  const released = new WeakSet<FastifyRequest>()
  const keys = new WeakMap<FastifyRequest, string>()

  const release = (request: FastifyRequest) => {
    const key = keys.get(request)
    if (key === undefined || released.has(request)) return
    released.add(request)
    const turns = items.get(key)
    if (!turns) return
    const next = turns.waiting.shift()
    if (next) return next()
    turns.running -= 1
    if (turns.running === 0) items.delete(key)
  }

  const waitForTurn = async (request: FastifyRequest) => {
    const params = request.params as Record<string, string> | undefined
    if (!params || Object.keys(params).length === 0) return
    const key = `${request.method} ${request.routeOptions.url} ${JSON.stringify(params)}`
    keys.set(request, key)
    let turns = items.get(key)
    if (!turns) {
      turns = { running: 0, waiting: [] }
      items.set(key, turns)
    }
    if (turns.running < options.perItem) {
      turns.running += 1
      return
    }
    const queue = turns.waiting
    await new Promise<void>((resolve, reject) => {
      // The running count passes from the writer that finishes to this one (release above).
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(turn), 1)
        released.add(request)
        reject(new ItemBusyError(Math.max(1, Math.ceil(options.waitMs / 1000))))
      }, options.waitMs)
      queue.push(turn)
    })
  }
  // Callback hooks: a read (most requests) passes without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (READS.has(request.method)) return done()
    waitForTurn(request).then(() => done(), done)
  })
  app.addHook('onResponse', (request, _reply, done) => {
    release(request)
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    release(request)
    done()
  })
}
