import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import { clearAuthCookies, requireViewer } from '../../http/auth'
import { BadRequestError, NotFoundError } from '../../http/errors'
import { serve } from '../../http/serve'
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

  const config = { rateLimit: authLimit }
  serve(app, 'POST /auth/email/verify/request', { config }, async (request, reply) => {
    const viewer = await requireViewer(request)
    return reply.status(202).send(await accounts.requestVerification(viewer.userId))
  })

  serve(app, 'POST /auth/email/verify', { config }, async (request) =>
    accounts.verifyEmail(request.body.token),
  )

  // Which name each forgotten-password request asked for, until its answer has gone.
  const forgottenNames = new WeakMap<object, string>()
  serve(
    app,
    'POST /auth/password/forgot',
    {
      config,
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

  serve(app, 'POST /auth/password/reset', { config }, async (request, reply) => {
    const session = await accounts.resetPassword(
      request.body.token,
      request.body.new_password,
      originOf(request),
    )
    return answerSession(ctx, reply, session)
  })

  serve(app, 'POST /auth/password/change', { config }, async (request) => {
    const viewer = await requireViewer(request)
    return accounts.changePassword(viewer, request.body.current_password, request.body.new_password)
  })

  serve(app, 'GET /auth/sessions', async (request) => {
    const viewer = await requireViewer(request)
    return { items: await accounts.sessions(viewer) }
  })

  serve(app, 'DELETE /auth/sessions/:id', async (request) => {
    const viewer = await requireViewer(request)
    if (!isId(request.params.id)) throw new NotFoundError('session_not_found')
    return accounts.revokeSession(viewer, request.params.id)
  })

  serve(app, 'POST /auth/sessions/revoke_others', async (request) =>
    accounts.revokeOthers(await requireViewer(request)),
  )

  serve(app, 'DELETE /auth/me', { config }, async (request, reply) => {
    const viewer = await requireViewer(request)
    const answer = await deleteAccount(ctx, viewer, request.body.password, request.body.content)
    clearAuthCookies(reply)
    return answer
  })
}
