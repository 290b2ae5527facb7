import {
  formBoolean,
  MessageResponse,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  TokenRequest,
  TokenResponse,
  VerifyResponse,
} from '@agora/contract'
import type { FastifyReply } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import {
  ACCESS_COOKIE,
  accessTokenOf,
  clearAuthCookies,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
} from '../../http/auth'
import { UnauthorizedError } from '../../http/errors'
import { failures } from '../../http/responses'
import { authService, type IssuedSession, REFRESH_TTL_SECONDS } from './auth.service'

const errors = { ...failures(400, 401, 409, 429) }

export async function authRoutes(app: AppInstance, ctx: AppContext) {
  const auth = authService(ctx.db, ctx.signer)
  const authLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' }

  function answer(reply: FastifyReply, session: IssuedSession): TokenResponse {
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
    reply.setCookie(ACCESS_COOKIE, session.accessToken, {
      ...cookie,
      path: '/api',
      maxAge: session.expiresIn,
    })
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookie,
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TTL_SECONDS,
    })
    return { access_token: '', token_type: 'bearer', expires_in: session.expiresIn, secure_mode: true }
  }

  app.post(
    '/auth/register',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body)
      return reply
        .status(201)
        .send({ _id: user.id, id: user.id, username: user.username, message: 'Registration successful' })
    },
  )

  app.post(
    '/auth/token',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in (OAuth2 password grant)',
        description:
          'Secure mode (default) sets HttpOnly cookies and answers an empty access_token; `secure_mode=false` answers a Bearer token and a refresh token instead.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: TokenRequest,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password, secure_mode } = request.body
      const mode = formBoolean(secure_mode, true) ? 'secure' : 'compat'
      try {
        return answer(reply, await auth.login(username, password, mode))
      } catch (error) {
        clearAuthCookies(reply)
        throw error
      }
    },
  )

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh token (cookie, or refresh_token field) for a new pair',
        body: { ...RefreshRequest, nullable: true },
        response: { 200: TokenResponse, ...failures(401) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token || request.cookies[REFRESH_COOKIE]
      if (!token) throw new UnauthorizedError('Session expired, please login again')
      try {
        return answer(reply, await auth.refresh(token))
      } catch (error) {
        clearAuthCookies(reply)
        throw error
      }
    },
  )

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session everywhere',
        body: { ...RefreshRequest, nullable: true },
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer()
      const refresh = request.body?.refresh_token || request.cookies[REFRESH_COOKIE] || null
      await auth.logout(viewer?.sessionId ?? null, refresh)
      clearAuthCookies(reply)
      return { message: 'Logged out', status: 'success' }
    },
  )

  app.get(
    '/auth/verify',
    { schema: { tags: ['auth'], summary: 'Is the current token valid?', response: { 200: VerifyResponse } } },
    async (request) => {
      const viewer = await request.viewer()
      if (!viewer) return { valid: false }
      const claims = await ctx.signer.verify(accessTokenOf(request)!.token)
      return { valid: true, user_id: viewer.userId, expires_at: claims?.expiresAt.toISOString() }
    },
  )
}
