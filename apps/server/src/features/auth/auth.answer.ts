import type { TokenResponse } from '@agora/contract'
import type { FastifyReply } from 'fastify'
import type { AppContext } from '../../context'
import {
  ACCESS_COOKIE,
  ACCESS_COOKIE_PATH,
  OLD_ACCESS_COOKIE_PATH,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
} from '../../http/auth'
import { type IssuedSession, REFRESH_TTL_SECONDS } from './auth.service'

/**
 * A new session as the login answers it: HttpOnly cookies in secure mode (with an empty
 * access_token), the tokens themselves in compatibility mode.
 */
export function answerSession(ctx: AppContext, reply: FastifyReply, session: IssuedSession): TokenResponse {
  if (session.mode === 'compat') {
    return {
      access_token: session.accessToken,
      token_type: 'bearer',
      expires_in: session.expiresIn,
      secure_mode: false,
      refresh_token: session.refreshToken,
    }
  }
  // Secure when configured, or when this request came over HTTPS (directly or via a trusted proxy's X-Forwarded-Proto).
  const secure = ctx.config.secureCookies || reply.request.protocol === 'https'
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure }
  // An older cookie at /api would be sent before this one to the API, holding a stale token.
  reply.clearCookie(ACCESS_COOKIE, { ...cookie, path: OLD_ACCESS_COOKIE_PATH })
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...cookie,
    path: ACCESS_COOKIE_PATH,
    maxAge: session.expiresIn,
  })
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...cookie,
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TTL_SECONDS,
  })
  return { access_token: '', token_type: 'bearer', expires_in: session.expiresIn, secure_mode: true }
}
