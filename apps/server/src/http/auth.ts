import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'
import { isId, oneOfIds } from '../db/ids'
import type { Db } from '../db/index'
import { perTurnLoader } from '../db/per-turn'
import { UnauthorizedError } from './errors'
import { KEPT_TTL_FACTOR, type Remembered, remembered } from './remembered'

export const ACCESS_COOKIE = 'agora_access'
export const REFRESH_COOKIE = 'agora_refresh'
/**
 * The access cookie goes to pages too, so a post only its author may see is drawn for them
 * (docs/decisions/015-session-cookie-reaches-pages.md).
 */
export const ACCESS_COOKIE_PATH = '/'
/** Where the access cookie lived before: cleared wherever a session is answered or ended. */
export const OLD_ACCESS_COOKIE_PATH = '/api'
/** The refresh cookie only travels to the auth endpoints that need it. */
export const REFRESH_COOKIE_PATH = '/api/v1/auth'

export interface Viewer {
  userId: string
  sessionId: string
  /** How this request authenticated: a cookie needs CSRF protection, a Bearer header does not. */
  via: 'cookie' | 'bearer'
  /** The user's role and suspension, read with the session: a change counts at once. */
  role: Role
  suspendedUntil: Date | null
}

export type Role = 'user' | 'moderator' | 'admin'

/** A session's user with their standing, as one turn's query reads them. */
interface LiveSession {
  userId: string
  role: Role
  suspendedUntil: Date | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Verified once per request, including that the session is live. */
    viewer(): Promise<Viewer | null>
    /** The signed-in user as of now (a long request, e.g. an event stream, whose session may end meanwhile). */
    viewerNow(): Promise<Viewer | null>
  }
}

export interface TokenSigner {
  sign(userId: string, sessionId: string, ttlSeconds: number): Promise<string>
  verify(token: string): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null>
}

/** Verified tokens remembered (a signed-in reader sends the same token for up to 15 minutes). */
const VERIFIED_KEPT = 10_000

type Claims = { userId: string; sessionId: string; expiresAt: Date }

export function tokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret)
  // A token's signature is checked once: the same string is valid until its expiry, which is
  // checked on every use. Keyed by the whole token, signature included, so no other string can
  // match. (jose's HMAC through WebCrypto was 8 % of the server's time under the likes load.)
  const verified = new LRUCache<string, Claims>({ max: VERIFIED_KEPT })
  return {
    sign: (userId, sessionId, ttlSeconds) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      const known = verified.get(token)
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return known
        verified.delete(token)
        return null
      }
      try {
        // Only HS256 with our key: `alg: none` and foreign keys fail here.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.exp) return null
        const claims = {
          userId: payload.sub,
          sessionId: payload.sid,
          expiresAt: new Date(payload.exp * 1000),
        }
        verified.set(token, claims)
        return claims
      } catch {
        return null
      }
    },
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

/** The raw access token of a request and where it came from. */
export function accessTokenOf(request: FastifyRequest): { token: string; via: Viewer['via'] } | null {
  const bearer = bearerToken(request)
  if (bearer) return { token: bearer, via: 'bearer' }
  const cookie = request.cookies[ACCESS_COOKIE]
  return cookie ? { token: cookie, via: 'cookie' } : null
}

/** Whether this process has heard every session ended before now (events/invalidation.ts `caughtUp`). */
export type CaughtUp = () => Promise<boolean>

export function registerViewer(
  app: FastifyInstance,
  db: Db,
  signer: TokenSigner,
  known: SessionMemo,
  caughtUp: CaughtUp,
) {
  const liveSessions = liveSessionsLoader(db, known, caughtUp)
  app.decorateRequest('viewer', function (this: FastifyRequest & { _viewer?: Promise<Viewer | null> }) {
    this._viewer ??= resolveViewer(this, signer, liveSessions)
    return this._viewer
  })
  app.decorateRequest('viewerNow', function (this: FastifyRequest) {
    return resolveViewer(this, signer, liveSessions)
  })
}

/** Sessions' answers remembered at most (one per signed-in reader of the last minute). */
const SESSIONS_KEPT = 20_000

/**
 * What the database answered about sessions, kept for KEPT_TTL_FACTOR × READ_CACHE_MS and forgotten
 * in every process once the database tells that a session ended or a role or suspension changed
 * (migration 0042's triggers). The TTL bounds only a notice lost on the way.
 */
export type SessionMemo = Remembered<LiveSession | null>

export const createSessionMemo = (ttlMs: number): SessionMemo =>
  remembered(SESSIONS_KEPT, ttlMs * KEPT_TTL_FACTOR)

/**
 * Whether sessions are live (not revoked): remembered answers (`known`), else asked of the
 * database. The requests of one turn of the event loop ask together, in one query: under load that
 * is one round trip for many requests instead of one each. A remembered answer is used only once
 * this process has heard every notification committed before the request came (`caughtUp`): a
 * session ended through another process, whose answer has left, is never served here.
 */
function liveSessionsLoader(db: Db, known: SessionMemo, caughtUp: CaughtUp) {
  const loader = perTurnLoader<string, LiveSession | null>(async (sessionIds) => {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'users.role', 'users.suspended_until'])
      .where(oneOfIds('sessions.id', sessionIds))
      .where('sessions.revoked_at', 'is', null)
      .execute()
    const owners = new Map(
      rows.map((row) => [
        row.id,
        { userId: row.user_id, role: row.role, suspendedUntil: row.suspended_until },
      ]),
    )
    return sessionIds.map((id) => owners.get(id) ?? null)
  }, 200)
  return {
    async load(sessionId: string) {
      if (known.has(sessionId) && !(await caughtUp())) return loader.load(sessionId)
      return known.remember(sessionId, () => loader.load(sessionId))
    },
  }
}

async function resolveViewer(
  request: FastifyRequest,
  signer: TokenSigner,
  liveSessions: { load(sessionId: string): Promise<LiveSession | null> },
): Promise<Viewer | null> {
  const found = accessTokenOf(request)
  if (!found) return null
  const claims = await signer.verify(found.token)
  if (!claims || !isId(claims.sessionId)) return null
  // A revoked session (logout, refresh-token reuse) ends its access tokens too, not just its refresh.
  const live = await liveSessions.load(claims.sessionId)
  if (live?.userId !== claims.userId) return null
  return {
    userId: claims.userId,
    sessionId: claims.sessionId,
    via: found.via,
    role: live.role,
    suspendedUntil: live.suspendedUntil,
  }
}

/** The signed-in user or a 401 with the given sentence. */
export async function requireViewer(request: FastifyRequest, detail = 'Please login first'): Promise<Viewer> {
  const viewer = await request.viewer()
  if (!viewer) throw new UnauthorizedError('login_required', { detail: detail })
  return viewer
}

/** The signed-in user's id or a 401 with the given sentence: what most handlers need of the viewer. */
export async function requireUserId(request: FastifyRequest, detail?: string): Promise<string> {
  return (await requireViewer(request, detail)).userId
}

export function clearAuthCookies(reply: FastifyReply) {
  reply.clearCookie(ACCESS_COOKIE, { path: ACCESS_COOKIE_PATH })
  reply.clearCookie(ACCESS_COOKIE, { path: OLD_ACCESS_COOKIE_PATH })
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH })
}
