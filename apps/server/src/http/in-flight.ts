import type { FastifyInstance, RouteHandlerMethod } from 'fastify'

/**
 * The route handlers still running. A client that goes away does not stop its request's work: the
 * handler runs on (its transaction commits, NOTIFY tells the other processes of the write). Closing
 * the app waits for them before the database closes, or a restart would cut that work mid-way
 * ("driver has already been destroyed") and the other processes would never hear of a committed
 * write. Add it before any route: it wraps the handlers registered after it.
 */
export function trackHandlers(app: FastifyInstance) {
  let running = 0
  let whenIdle: (() => void) | null = null
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod
    route.handler = async function (this: FastifyInstance, request, reply) {
      running += 1
      try {
        return await handler.call(this, request, reply)
      } finally {
        running -= 1
        if (running === 0) whenIdle?.()
      }
    }
  })
  return {
    /** Resolves once no handler runs, or after `deadlineMs` (a handler stuck longer is given up on). */
    settled(deadlineMs: number): Promise<void> {
      if (running === 0) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          whenIdle = null
          resolve()
        }
        const timer = setTimeout(done, deadlineMs)
        whenIdle = done
      })
    },
  }
}
