import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth'
import { ForbiddenError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin
  if (origin && origin !== 'null') return origin
  const referer = request.headers.referer
  if (!referer) return null
  try {
    return new URL(referer).origin
  } catch {
    return null
  }
}

/**
 * Cookies ride along on cross-site requests, so a state-changing request that carries our auth
 * cookies must come from our own origin (or a configured one). Bearer requests are not affected:
 * a foreign page cannot set that header.
 */
export function registerCsrfGuard(app: FastifyInstance, allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins)
  // A callback hook, not an async one: every request passes here, most of them reads.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return done()
    const cookies = request.cookies
    if (!cookies[ACCESS_COOKIE] && !cookies[REFRESH_COOKIE]) return done()
    const origin = originOf(request)
    if (origin) {
      if (allowed.has(origin)) return done()
      try {
        if (new URL(origin).host === request.headers.host) return done()
      } catch {
        // fall through to the refusal
      }
    }
    done(new ForbiddenError('cross_site'))
  })
}
