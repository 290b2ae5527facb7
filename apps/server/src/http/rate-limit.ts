import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TooManyRequestsError } from './errors'

const ANONYMOUS = 'anonymous'

/**
 * Route config for a per-user limit on a write (`config: { rateLimit: perUserLimit(...) }`).
 * Anonymous calls are not counted here: such routes answer them 401 anyway.
 */
export function perUserLimit(max: number, tooFast: string, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    keyGenerator: async (request: FastifyRequest) => (await request.viewer())?.userId ?? ANONYMOUS,
    allowList: (_request: FastifyRequest, key: string) => key === ANONYMOUS,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; ttl: number }) =>
      new TooManyRequestsError('too_many_requests', context.ttl / 1000, {
        detail: `${tooFast} Please wait ${context.after} and try again.`,
      }),
  }
}

/**
 * A per-user limit on writes that counts only those that were made: `check` before the write
 * refuses (429) once `max` were counted in the window, `count` after it counts one. A request
 * refused as invalid (400) or not found costs nothing of the allowance.
 */
export function perUserWriteLimit(
  app: FastifyInstance,
  max: number,
  tooFast: string,
  timeWindow = '1 minute',
) {
  const { errorResponseBuilder: _builder, ...options } = perUserLimit(max, tooFast, timeWindow)
  const limit = app.createRateLimit(options)
  return {
    async check(request: FastifyRequest) {
      const state = await limit(request, { increment: false })
      if (state.isAllowed || state.remaining > 0) return
      const seconds = Math.max(1, state.ttlInSeconds)
      const after = seconds === 1 ? '1 second' : `${seconds} seconds`
      throw new TooManyRequestsError('too_many_requests', seconds, {
        detail: `${tooFast} Please wait ${after} and try again.`,
      })
    },
    async count(request: FastifyRequest) {
      await limit(request)
    },
  }
}
