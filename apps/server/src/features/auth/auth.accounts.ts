import { randomBytes } from 'node:crypto'
import type { SessionItem } from '@agora/contract'
import type { AppContext } from '../../context'
import { inTransaction } from '../../db/in-transaction'
import type { Db } from '../../db/index'
import type { AccountTokenPurpose } from '../../db/schema'
import type { EventBus } from '../../events/index'
import type { Viewer } from '../../http/auth'
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../http/errors'
import { compose, type MailContent, mailLanguage, mailStore } from '../mail/index'
import { accountsStore } from './auth.accounts.store'
import { emailChangedMail, passwordChangedMail, resetPasswordMail, verifyEmailMail } from './auth.messages'
import { deviceOf, type SessionOrigin } from './auth.origin'
import { authService, hashPassword, type IssuedSession, passwordMatches, sha256 } from './auth.service'
import { authStore } from './auth.store'

/** How long a mailed link works. */
export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 3600_000,
  reset_password: 30 * 60_000,
}
/** Verification mails a user may ask for in an hour. */
const VERIFY_PER_HOUR = 5

/** Why a link was refused: the code the reset and verify screens word. */
const LINK_REFUSALS = { unknown: 'link_unknown', used: 'link_used', expired: 'link_expired' } as const

interface Addressee {
  id: string
  username: string
  nickname: string
  email: string
  language: string
}

const nameOf = (user: Addressee) => user.nickname || user.username

/** Queues a security message (never unsubscribable) to `to`, in the caller's transaction. */
async function queueSecurityMail(trx: Db, user: Addressee, to: string, kind: string, content: MailContent) {
  await mailStore(trx).enqueue([{ userId: user.id, to, kind, ...compose(content) }])
}

/** A new single-use link's token, stored hashed. */
async function newLink(trx: Db, user: Addressee, purpose: AccountTokenPurpose, email: string) {
  const token = randomBytes(32).toString('base64url')
  await accountsStore(trx).insertToken({
    token_hash: sha256(token),
    user_id: user.id,
    purpose,
    email,
    expires_at: new Date(Date.now() + LINK_TTL_MS[purpose]),
  })
  return token
}

export function accountsService(ctx: Pick<AppContext, 'db' | 'signer' | 'config'>) {
  const { db, config } = ctx
  const store = accountsStore(db)
  const auth = authService(db, ctx.signer)
  const link = (path: string) => `${config.mail.publicUrl}${path}`

  /** Mails `user` a new single-use link of `purpose` to `page` (the token in its query), as `message(url)`. */
  async function mailLink(
    trx: Db,
    user: Addressee,
    purpose: AccountTokenPurpose,
    page: string,
    message: (url: string) => MailContent,
  ) {
    const token = await newLink(trx, user, purpose, user.email)
    const url = link(`${page}?token=${encodeURIComponent(token)}`)
    await queueSecurityMail(trx, user, user.email, purpose, message(url))
  }

  function sendVerification(trx: Db, user: Addressee) {
    return mailLink(trx, user, 'verify_email', '/verify-email', (url) =>
      verifyEmailMail(mailLanguage(user.language), nameOf(user), user.email, url),
    )
  }

  /** The security notice after a password change, to an address that takes mail. */
  async function tellPasswordChanged(trx: Db, me: Addressee & { email_bounced_at: Date | null }) {
    if (!me.email || me.email_bounced_at) return
    const content = passwordChangedMail(mailLanguage(me.language), nameOf(me), link('/forgot-password'))
    await queueSecurityMail(trx, me, me.email, 'password_changed', content)
  }

  async function user(userId: string) {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!row) throw new UnauthorizedError('account_gone')
    return row
  }

  /** Uses a link up, or refuses it in words. */
  async function useLink(trx: Db, token: string, purpose: AccountTokenPurpose) {
    const result = await accountsStore(trx).useToken(sha256(token), purpose)
    if (result.state !== 'ok') throw new BadRequestError(LINK_REFUSALS[result.state])
    return result
  }

  return {
    sendVerification,

    /** A new verification link for the address on the account. */
    async requestVerification(userId: string) {
      const me = await user(userId)
      if (!me.email) throw new BadRequestError('email_required')
      if (me.email_verified_at) throw new ConflictError('email_already_verified')
      const sent = await store.tokensSince(me.id, 'verify_email', new Date(Date.now() - 3600_000))
      if (sent >= VERIFY_PER_HOUR) {
        throw new TooManyRequestsError('mail_daily_limit', 3600)
      }
      await inTransaction(db, (trx) => sendVerification(trx, me))
      return { status: 'success', message: `We sent a link to ${me.email}` }
    },

    async verifyEmail(token: string) {
      return inTransaction(db, async (trx) => {
        const used = await useLink(trx, token, 'verify_email')
        if (!(await accountsStore(trx).markVerified(used.user_id, used.email))) {
          throw new BadRequestError('link_address_changed')
        }
        return { status: 'success', message: 'Your e-mail address is verified', email: used.email }
      })
    },

    /**
     * Mails a reset link to the account named by `name` (username or address) if there is one
     * with an address that takes mail; says nothing either way (the caller answers 202 always).
     */
    async forgotPassword(name: string) {
      const account = await store.findAccount(name)
      if (!account || account.email_bounced_at) return
      const recent = await store.tokensSince(account.id, 'reset_password', new Date(Date.now() - 3600_000))
      if (recent >= config.mail.resetRateLimit) return
      await inTransaction(db, (trx) =>
        mailLink(trx, account, 'reset_password', '/reset-password', (url) =>
          resetPasswordMail(mailLanguage(account.language), nameOf(account), url),
        ),
      )
    },

    /** Sets a new password through a reset link, ends every session, and signs this browser in. */
    async resetPassword(token: string, newPassword: string, origin: SessionOrigin): Promise<IssuedSession> {
      const passwordHash = await hashPassword(newPassword)
      const userId = await inTransaction(db, async (trx) => {
        const used = await useLink(trx, token, 'reset_password')
        const accounts = accountsStore(trx)
        await accounts.setPassword(used.user_id, passwordHash)
        await authStore(trx).revokeSessions(used.user_id)
        await accounts.expireTokens(used.user_id, 'reset_password')
        // The link reached that address: it is proven.
        await accounts.markVerified(used.user_id, used.email)
        const me = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', used.user_id)
          .executeTakeFirstOrThrow()
        await tellPasswordChanged(trx, me)
        return used.user_id
      })
      return auth.issueSession(userId, 'secure', origin)
    },

    /** Changes the password (the current one required); every other session ends. */
    async changePassword(viewer: Viewer, current: string, next: string) {
      const me = await user(viewer.userId)
      if (!(await passwordMatches(me.password_hash, current))) {
        throw new BadRequestError('wrong_password', {
          detail: 'Your current password is not right',
          errors: [{ field: 'current_password', message: 'is not right' }],
        })
      }
      const passwordHash = await hashPassword(next)
      const revoked = await inTransaction(db, async (trx) => {
        const accounts = accountsStore(trx)
        await accounts.setPassword(me.id, passwordHash)
        await accounts.expireTokens(me.id, 'reset_password')
        const count = await authStore(trx).revokeSessions(me.id, viewer.sessionId)
        await tellPasswordChanged(trx, me)
        return count
      })
      return { revoked, message: 'Your password was changed; your other sessions were signed out' }
    },

    async sessions(viewer: Viewer): Promise<SessionItem[]> {
      const rows = await store.liveSessions(viewer.userId)
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.user_agent),
        ip_prefix: row.ip_prefix,
        created_at: row.created_at.toISOString(),
        last_seen_at: row.last_used_at.toISOString(),
        current: row.id === viewer.sessionId,
      }))
    },

    async revokeSession(viewer: Viewer, sessionId: string) {
      if (!(await authStore(db).revokeSession(sessionId, viewer.userId)))
        throw new NotFoundError('session_not_found')
      return { revoked: 1, message: 'Signed out' }
    },

    async revokeOthers(viewer: Viewer) {
      const revoked = await authStore(db).revokeSessions(viewer.userId, viewer.sessionId)
      return {
        revoked,
        message: revoked === 1 ? 'Signed out 1 other session' : `Signed out ${revoked} other sessions`,
      }
    },
  }
}

/**
 * A changed address (features/profiles raises `user.email_changed`): the new one is unproven
 * until its link is followed, earlier links stop working, and the old address is told.
 */
export function subscribeEmailChanges(events: EventBus, ctx: Pick<AppContext, 'db' | 'signer' | 'config'>) {
  events.inTransaction('user.email_changed', async (trx, changes) => {
    const accounts = accountsService({ ...ctx, db: trx })
    for (const change of changes) {
      await accountsStore(trx).resetVerification(change.userId)
      await accountsStore(trx).expireTokens(change.userId, 'verify_email')
      const me = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', change.userId)
        .executeTakeFirstOrThrow()
      if (me.email) await accounts.sendVerification(trx, me)
      if (change.previous) {
        const forgot = `${ctx.config.mail.publicUrl}/forgot-password`
        await queueSecurityMail(
          trx,
          me,
          change.previous,
          'email_changed',
          emailChangedMail(mailLanguage(me.language), nameOf(me), me.email, forgot),
        )
      }
    }
  })
}
