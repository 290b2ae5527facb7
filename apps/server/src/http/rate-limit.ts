import type { FastifyRequest } from 'fastify'
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
      new TooManyRequestsError(`${tooFast} Please wait ${context.after} and try again.`, context.ttl / 1000),
  }
}
