import type { FastifyInstance, FastifyRequest } from 'fastify'
import { activeSuspension } from '../db/moderation-state'
import type { Reader } from '../policy/index'
import { requireViewer, type Viewer } from './auth'
import { ForbiddenError, HttpError } from './errors'

/**
 * What a user's standing allows: moderators' and admins' calls, and the suspension
 * that stops a user's writes while leaving their reading and their sessions alone.
 */

const UNTIL = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

/** "2 December 2026 at 10:00 UTC": an end date in words. */
export function inWords(until: Date): string {
  return `${UNTIL.format(until)} UTC`
}

/** 403 for a suspended user's write: the end date in words, and as `suspended_until` for the app. */
export class SuspendedError extends HttpError {
  constructor(until: Date) {
    super('suspended', {
      params: { until: until.toISOString() },
      detail: `Your account is suspended until ${inWords(until)}. You can read, but not post, comment, like or change anything until then.`,
      more: { suspended_until: until.toISOString() },
    })
  }
}

export function isModerator(viewer: Pick<Viewer, 'role'> | null): boolean {
  return viewer?.role === 'moderator' || viewer?.role === 'admin'
}

/** The request's reader as the visibility rules take them (db/visibility.ts); null for a visitor. */
export async function readerOf(request: FastifyRequest): Promise<Reader | null> {
  const viewer = await request.viewer()
  return viewer ? { userId: viewer.userId, moderator: isModerator(viewer) } : null
}

/** The signed-in moderator or admin; 401 for a visitor, 403 for anyone else. */
export async function requireModerator(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request)
  if (!isModerator(viewer)) throw new ForbiddenError('moderators_only')
  return viewer
}

export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request)
  if (viewer.role !== 'admin') throw new ForbiddenError('admins_only')
  return viewer
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * Writes a suspended user may still make: their sessions (log in, refresh, log out, sign out
 * elsewhere), the care of their account (password, address, mail they no longer want) and read
 * marks. A path ending in '/' allows what is under it.
 */
const STILL_ALLOWED = [
  '/auth/token',
  '/auth/refresh',
  '/auth/logout',
  '/auth/password/',
  '/auth/email/',
  '/auth/sessions/',
  '/auth/me',
  '/auth/me/export',
  '/mail/unsubscribe',
  '/notifications/read',
  '/notifications/mail',
]

/**
 * Every write of a suspended user answers 403 before its route runs, whichever feature serves it;
 * reading is untouched. A suspension counts from the next request (the viewer is read per request).
 */
export function registerSuspensionGuard(app: FastifyInstance, apiPrefix: string) {
  const allowed = new Set(STILL_ALLOWED.filter((path) => !path.endsWith('/')).map((path) => apiPrefix + path))
  const allowedUnder = STILL_ALLOWED.filter((path) => path.endsWith('/')).map((path) => apiPrefix + path)
  // Before the body is validated: a suspended user learns why, not what was wrong with the form.
  const refuseSuspended = async (request: FastifyRequest) => {
    const path = request.url.split('?')[0]
    if (!path.startsWith(apiPrefix) || allowed.has(path)) return
    if (allowedUnder.some((prefix) => path.startsWith(prefix))) return
    const viewer = await request.viewer()
    const until = activeSuspension(viewer?.suspendedUntil ?? null)
    if (until) throw new SuspendedError(until)
  }
  // A callback hook: a read (most requests) passes without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (READS.has(request.method)) return done()
    refuseSuspended(request).then(() => done(), done)
  })
}
