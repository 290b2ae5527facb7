import { formBoolean } from '@agora/contract'
import type { FastifyReply } from 'fastify'
import type { AppContext, AppInstance } from '../../context'
import { accessTokenOf, clearAuthCookies, REFRESH_COOKIE } from '../../http/auth'
import { UnauthorizedError } from '../../http/errors'
import { serve } from '../../http/serve'
import { languageOfRequest } from '../mail/index'
import { accountsService } from './auth.accounts'
import { answerSession } from './auth.answer'
import { originOf } from './auth.origin'
import { authService, type IssuedSession } from './auth.service'
import { orcidRoutes } from './orcid.routes'

export async function authRoutes(app: AppInstance, ctx: AppContext) {
  const auth = authService(ctx.db, ctx.signer)
  const accounts = accountsService(ctx)
  const authLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' }

  const answer = (reply: FastifyReply, session: IssuedSession) => answerSession(ctx, reply, session)
  serve(app, 'POST /auth/register', { config: { rateLimit: authLimit } }, async (request, reply) => {
    const user = await auth.register(request.body, languageOfRequest(request.headers['accept-language']))
    // An address given at registration is verified like any other.
    if (user.email) await accounts.sendVerification(ctx.db, user)
    return reply
      .status(201)
      .send({ _id: user.id, id: user.id, username: user.username, message: 'Registration successful' })
  })

  serve(app, 'POST /auth/token', { config: { rateLimit: authLimit } }, async (request, reply) => {
    const { username, password, secure_mode } = request.body
    const mode = formBoolean(secure_mode, true) ? 'secure' : 'compat'
    try {
      return answer(reply, await auth.login(username, password, mode, originOf(request)))
    } catch (error) {
      clearAuthCookies(reply)
      throw error
    }
  })

  serve(app, 'POST /auth/refresh', async (request, reply) => {
    const token = request.body?.refresh_token || request.cookies[REFRESH_COOKIE]
    if (!token) throw new UnauthorizedError('session_expired')
    try {
      return answer(reply, await auth.refresh(token))
    } catch (error) {
      clearAuthCookies(reply)
      throw error
    }
  })

  serve(app, 'POST /auth/logout', async (request, reply) => {
    const viewer = await request.viewer()
    const refresh = request.body?.refresh_token || request.cookies[REFRESH_COOKIE] || null
    await auth.logout(viewer?.sessionId ?? null, refresh)
    clearAuthCookies(reply)
    return { message: 'Logged out', status: 'success' }
  })

  serve(app, 'GET /auth/verify', async (request) => {
    const viewer = await request.viewer()
    if (!viewer) return { valid: false }
    const claims = await ctx.signer.verify(accessTokenOf(request)!.token)
    return { valid: true, user_id: viewer.userId, expires_at: claims?.expiresAt.toISOString() }
  })

  await orcidRoutes(app, ctx)
}
