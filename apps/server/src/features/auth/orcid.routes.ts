import type { AppContext, AppInstance } from '../../context'
import { requireViewer } from '../../http/auth'
import { HttpError, NotFoundError } from '../../http/errors'
import { serve } from '../../http/serve'
import { languageOfRequest } from '../mail/index'
import { answerSession } from './auth.answer'
import { originOf } from './auth.origin'
import { authService } from './auth.service'
import { orcidClient } from './orcid.client'
import { orcidService } from './orcid.service'
import { orcidState, safeNextPath } from './orcid.state'

/** Signing in with ORCID (OpenID Connect): off, answering 404 `orcid_off`, without its settings. */
export async function orcidRoutes(app: AppInstance, ctx: AppContext) {
  const { orcid } = ctx.config
  const callback = `${ctx.config.mail.publicUrl}/api/v1/auth/orcid/callback`
  const client = orcid ? orcidClient(orcid, callback) : null
  const state = orcidState(ctx)
  const auth = authService(ctx.db, ctx.signer)
  const links = orcidService(ctx.db)
  const config = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } }

  const clientOrOff = () => {
    if (!client) throw new NotFoundError('orcid_off')
    return client
  }

  serve(app, 'GET /auth/methods', async () => ({ password: true, orcid: client !== null }))

  serve(app, 'GET /auth/orcid/start', { config }, async (request, reply) => {
    const { url, challenge } = await clientOrOff().start()
    const viewer = await request.viewer()
    state.keep(reply, {
      ...challenge,
      next: safeNextPath(request.query.next),
      linkTo: viewer?.userId ?? null,
    })
    return reply.redirect(url.href, 302)
  })

  serve(app, 'GET /auth/orcid/callback', { config }, async (request, reply) => {
    const orcidClient = clientOrOff()
    const pending = state.take(request, reply, request.query.state)
    // The URL ORCID sent the browser to, with its query as sent (the code, state, iss).
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    try {
      const identity = await orcidClient.finish(new URL(`${callback}${query}`), pending)
      const language = languageOfRequest(request.headers['accept-language'])
      const userId = await links.accountFor(identity, pending.linkTo, language)
      if (!pending.linkTo)
        answerSession(ctx, reply, await auth.issueSession(userId, 'secure', originOf(request)))
      return reply.redirect(pending.next, 302)
    } catch (error) {
      // A person in a browser, not an API client: the sign-in screen says what went wrong, in their language.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
      return reply.redirect(
        `/login?${new URLSearchParams({ next: pending.next, orcid_error: error.code })}`,
        302,
      )
    }
  })

  serve(app, 'DELETE /auth/me/orcid', async (request) => {
    const viewer = await requireViewer(request)
    await links.unlink(viewer.userId)
    return { status: 'success', message: 'Your ORCID iD was unlinked' }
  })
}
