import { createHash, randomBytes } from 'node:crypto'
import { ACCESS_TOKEN_TTL_SECONDS, type RegisterRequest } from '@agora/contract'
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2'
import { v7 as uuidv7 } from 'uuid'
import type { Db } from '../../db/index'
import type { UserRow } from '../../db/schema'
import { lookAlikeError, usernameHeld, usernameLookAlike } from '../../db/usernames'
import type { TokenSigner } from '../../http/auth'
import { ConflictError, UnauthorizedError } from '../../http/errors'
import { withoutBidiControls } from '../../http/text-guard'
import type { SessionOrigin } from './auth.origin'
import { authStore } from './auth.store'

const NO_ORIGIN: SessionOrigin = { userAgent: '', ipPrefix: '' }

/** Refresh tokens (and so sessions) last 30 days from their last use. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600

// OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane).
const ARGON_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
// Verified against when the username is unknown, so both answers take the same time.
let dummyHash: Promise<string> | null = null

export const hashPassword = (password: string) => argonHash(password, ARGON_OPTIONS)
export const passwordMatches = (hash: string, password: string) =>
  argonVerify(hash, password).catch(() => false)

export function sha256(text: string) {
  return createHash('sha256').update(text).digest('base64url')
}

function splitTags(tags: RegisterRequest['tags']): string[] {
  const list = Array.isArray(tags) ? tags : (tags ?? '').split(',')
  return [...new Set(list.map((tag) => tag.trim()).filter(Boolean))].slice(0, 10)
}

export interface IssuedSession {
  accessToken: string
  refreshToken: string
  expiresIn: number
  mode: 'secure' | 'compat'
}

export function authService(db: Db, signer: TokenSigner) {
  const store = authStore(db)

  async function issueSession(
    userId: string,
    mode: 'secure' | 'compat',
    origin: SessionOrigin = NO_ORIGIN,
  ): Promise<IssuedSession> {
    const sessionId = uuidv7()
    const refreshToken = randomBytes(32).toString('base64url')
    await store.insertSession({
      id: sessionId,
      user_id: userId,
      refresh_hash: sha256(refreshToken),
      mode,
      expires_at: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
      user_agent: origin.userAgent,
      ip_prefix: origin.ipPrefix,
    })
    const accessToken = await signer.sign(userId, sessionId, ACCESS_TOKEN_TTL_SECONDS)
    return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, mode }
  }

  return {
    issueSession,

    async register(input: RegisterRequest, language = 'en'): Promise<UserRow> {
      if ((await store.findUserByUsername(input.username)) || (await usernameHeld(db, input.username))) {
        throw new ConflictError('username_taken', {
          errors: [{ field: 'username', message: 'is already taken' }],
        })
      }
      if (await usernameLookAlike(db, input.username)) throw lookAlikeError()
      const passwordHash = await hashPassword(input.password)
      // A concurrent registration of the same name loses on the unique index and answers 409 too.
      return store.insertUser({
        id: uuidv7(),
        username: input.username,
        password_hash: passwordHash,
        email: input.email ?? '',
        phone: input.phone ?? '',
        nickname: withoutBidiControls(input.nickname ?? '').trim() || input.username,
        title: input.title ?? '',
        bio: input.bio ?? '',
        url: input.url ?? '',
        self_page: input.self_page ?? '',
        tags: splitTags(input.tags),
        avatar: input.avatar ?? '',
        language,
      })
    },

    async login(
      username: string,
      password: string,
      mode: 'secure' | 'compat',
      origin: SessionOrigin = NO_ORIGIN,
    ): Promise<IssuedSession> {
      const user = await store.findUserByUsername(username)
      if (!user) {
        dummyHash ??= argonHash('not-a-real-password', ARGON_OPTIONS)
        await argonVerify(await dummyHash, password).catch(() => false)
        throw new UnauthorizedError('invalid_credentials')
      }
      const ok = await passwordMatches(user.password_hash, password)
      if (!ok) throw new UnauthorizedError('invalid_credentials')
      return issueSession(user.id, mode, origin)
    },

    /** Trades a refresh token for a new pair. A token used twice revokes its whole session. */
    async refresh(refreshToken: string): Promise<IssuedSession> {
      const hash = sha256(refreshToken)
      const session = await store.findSessionByRefreshHash(hash)
      if (!session) {
        const stolen = await store.findSessionByPreviousHash(hash)
        if (stolen) await store.revokeSession(stolen.id)
        throw new UnauthorizedError('session_expired')
      }
      if (session.revoked_at || session.expires_at.getTime() < Date.now()) {
        throw new UnauthorizedError('session_expired')
      }
      const next = randomBytes(32).toString('base64url')
      const rotated = await store.rotateRefresh(
        session.id,
        hash,
        sha256(next),
        new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
      )
      if (!rotated) {
        // Someone else presented the same token a moment ago: treat it as reuse.
        await store.revokeSession(session.id)
        throw new UnauthorizedError('session_expired')
      }
      const accessToken = await signer.sign(session.user_id, session.id, ACCESS_TOKEN_TTL_SECONDS)
      return { accessToken, refreshToken: next, expiresIn: ACCESS_TOKEN_TTL_SECONDS, mode: session.mode }
    },

    async logout(sessionId: string | null, refreshToken: string | null) {
      if (sessionId) await store.revokeSession(sessionId)
      if (refreshToken) {
        const session = await store.findSessionByRefreshHash(sha256(refreshToken))
        if (session) await store.revokeSession(session.id)
      }
    },

    async me(userId: string): Promise<UserRow> {
      const user = await store.findUserById(userId)
      if (!user) throw new UnauthorizedError('account_gone')
      return user
    },
  }
}
export type AuthService = ReturnType<typeof authService>
