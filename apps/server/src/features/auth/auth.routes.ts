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
import { accessTokenOf, clearAuthCookies, REFRESH_COOKIE } from '../../http/auth'
import { UnauthorizedError } from '../../http/errors'
import { failures } from '../../http/responses'
import { languageOfRequest } from '../mail/index'
import { accountsService } from './auth.accounts'
import { answerSession } from './auth.answer'
import { originOf } from './auth.origin'
import { authService, type IssuedSession } from './auth.service'

const errors = { ...failures(400, 401, 409, 429) }

export async function authRoutes(app: AppInstance, ctx: AppContext) {
  const auth = authService(ctx.db, ctx.signer)
  const accounts = accountsService(ctx)
  const authLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' }

  const answer = (reply: FastifyReply, session: IssuedSession) => answerSession(ctx, reply, session)
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
      const user = await auth.register(request.body, languageOfRequest(request.headers['accept-language']))
      // An address given at registration is verified like any other.
      if (user.email) await accounts.sendVerification(ctx.db, user)
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
        return answer(reply, await auth.login(username, password, mode, originOf(request)))
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
      if (!token) throw new UnauthorizedError('session_expired')
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
