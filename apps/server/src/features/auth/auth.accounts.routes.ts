import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
  RevokedSessions,
  SessionList,
  TokenResponse,
  VerifyEmailRequest,
} from '@agora/contract'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import { clearAuthCookies, requireViewer } from '../../http/auth'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { failures } from '../../http/responses'
import { accountsService } from './auth.accounts'
import { answerSession } from './auth.answer'
import { deleteAccount } from './auth.delete'
import { originOf } from './auth.origin'

const FORGOT_ANSWER =
  'If an account has that name or address, a link to reset its password is on its way to its e-mail address.'

/**
 * The care of an account: verifying the address, forgetting, resetting and changing
 * the password, and the sessions it is signed in with.
 */
export async function accountRoutes(app: AppInstance, ctx: AppContext) {
  const accounts = accountsService(ctx)
  const authLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' }
  // Forgotten-password work runs after the answer, so the answer takes as long whether or not the
  // account exists. One after another, in the order asked; the app waits for them before it closes.
  let forgotten: Promise<void> = Promise.resolve()
  app.addHook('onClose', async () => void (await forgotten))

  app.post(
    '/auth/email/verify/request',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new link that verifies the address on the account',
        response: { 202: MessageResponse, ...failures(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request)
      return reply.status(202).send(await accounts.requestVerification(viewer.userId))
    },
  )

  app.post(
    '/auth/email/verify',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Verify an address with the token from its link',
        body: VerifyEmailRequest,
        response: {
          200: Type.Object({ ...MessageResponse.properties, email: Type.String() }),
          ...failures(400, 429),
        },
      },
    },
    async (request) => accounts.verifyEmail(request.body.token),
  )

  // Which name each forgotten-password request asked for, until its answer has gone.
  const forgottenNames = new WeakMap<object, string>()
  app.post(
    '/auth/password/forgot',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (202 whether or not the account exists)',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: ForgotPasswordRequest,
        response: { 202: MessageResponse, ...failures(400, 429) },
      },
      // The work starts once the answer is out, so it cannot slow the answer of a real account.
      onResponse: async (request) => {
        const name = forgottenNames.get(request)
        if (name === undefined) return
        // A task later still: whoever awaited the answer in this process hears of it first.
        const turn = new Promise<void>((resolve) => setImmediate(resolve))
        forgotten = Promise.all([forgotten, turn])
          .then(() => accounts.forgotPassword(name))
          .catch((error) => request.log.error({ err: error }, 'password reset mail not queued'))
      },
    },
    async (request, reply) => {
      const name = (request.body.username ?? request.body.email ?? '').trim()
      if (!name) {
        throw new BadRequestError('identifier_required', {
          errors: [{ field: 'username', message: 'is required' }],
        })
      }
      forgottenNames.set(request, name)
      return reply.status(202).send({ status: 'accepted', message: FORGOT_ANSWER })
    },
  )

  app.post(
    '/auth/password/reset',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; every session ends and this browser is signed in',
        body: ResetPasswordRequest,
        response: { 200: TokenResponse, ...failures(400, 429) },
      },
    },
    async (request, reply) => {
      const session = await accounts.resetPassword(
        request.body.token,
        request.body.new_password,
        originOf(request),
      )
      return answerSession(ctx, reply, session)
    },
  )

  app.post(
    '/auth/password/change',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary: 'Change the password (the current one required); other sessions end',
        body: ChangePasswordRequest,
        response: { 200: RevokedSessions, ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request)
      return accounts.changePassword(viewer, request.body.current_password, request.body.new_password)
    },
  )

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where you are signed in, the most recently used first',
        response: { 200: SessionList, ...failures(401) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request)
      return { items: await accounts.sessions(viewer) }
    },
  )

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out one session',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: RevokedSessions, ...failures(401, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request)
      if (!isId(request.params.id)) throw new NotFoundError('session_not_found')
      return accounts.revokeSession(viewer, request.params.id)
    },
  )

  app.post(
    '/auth/sessions/revoke_others',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else',
        response: { 200: RevokedSessions, ...failures(401) },
      },
    },
    async (request) => accounts.revokeOthers(await requireViewer(request)),
  )

  app.delete(
    '/auth/me',
    {
      config: { rateLimit: authLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Delete your account (password required): your posts and comments go, or stay as "[deleted user]"',
        body: DeleteAccountRequest,
        response: { 200: MessageResponse, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request)
      const answer = await deleteAccount(ctx, viewer, request.body.password, request.body.content)
      clearAuthCookies(reply)
      return answer
    },
  )
}
