// The sign-in in progress, kept by the browser that started it: a short-lived HttpOnly cookie,
// HMAC-signed with a key derived from JWT_SECRET, so no table holds half-finished sign-ins.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { BadRequestError } from '../../http/errors'
import type { OrcidChallenge } from './orcid.client'

export const ORCID_COOKIE = 'agora_orcid'
const COOKIE_PATH = '/api/v1/auth/orcid'
/** How long a sign-in may take at ORCID. */
const STATE_TTL_SECONDS = 600

/** What the callback needs: the challenge, where to go after, and who (if anyone) is linking. */
export interface OrcidPending extends OrcidChallenge {
  next: string
  /** The account signed in when the sign-in started: the iD is linked to it. */
  linkTo: string | null
}

interface Sealed extends OrcidPending {
  expires: number
}

/** Only same-site paths: `//evil.example` or `https://…` would lead away (as the web's safeNextPath). */
export function safeNextPath(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  return next
}

export function orcidState(ctx: AppContext) {
  const key = createHash('sha256').update(`orcid-state:${ctx.config.jwtSecret}`).digest()
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url')

  return {
    keep(reply: FastifyReply, pending: OrcidPending) {
      const sealed: Sealed = { ...pending, expires: Date.now() + STATE_TTL_SECONDS * 1000 }
      const body = Buffer.from(JSON.stringify(sealed)).toString('base64url')
      const secure = ctx.config.secureCookies || reply.request.protocol === 'https'
      // Lax: ORCID's redirect back is a top-level GET navigation, which carries it.
      reply.setCookie(ORCID_COOKIE, `${body}.${mac(body)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: COOKIE_PATH,
        maxAge: STATE_TTL_SECONDS,
      })
    },

    /** The pending sign-in whose state ORCID sent back; 400 when there is none, or it is not ours. */
    take(request: FastifyRequest, reply: FastifyReply, state: string | undefined): OrcidPending {
      reply.clearCookie(ORCID_COOKIE, { path: COOKIE_PATH })
      const [body = '', signature = ''] = (request.cookies[ORCID_COOKIE] ?? '').split('.')
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new BadRequestError('orcid_state_invalid')
      }
      const sealed = JSON.parse(Buffer.from(body, 'base64url').toString()) as Sealed
      if (sealed.expires < Date.now() || !state || sealed.state !== state) {
        throw new BadRequestError('orcid_state_invalid')
      }
      const { expires: _expires, ...pending } = sealed
      return pending
    },
  }
}
