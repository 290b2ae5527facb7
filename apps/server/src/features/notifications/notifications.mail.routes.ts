import type { AppContext, AppInstance } from '../../context'
import { requireUserId, requireViewer } from '../../http/auth'
import { BadRequestError } from '../../http/errors'
import { serve } from '../../http/serve'
import { mailSettingsStore, notificationMail, type UnsubscribeTarget } from './notifications.mail'
import { LOGIN_FOR_NOTIFICATIONS } from './notifications.service'

const BAD_TOKEN =
  'This unsubscribe link is not valid. Change what you get by mail in your notification settings.'

/** Notification mail: the settings per kind, and the unsubscribe link of every message that is not about security. */
export async function notificationMailRoutes(app: AppInstance, ctx: AppContext) {
  const { tokens } = notificationMail(ctx.config.mail, ctx.config.jwtSecret)

  async function settingsOf(userId: string) {
    const user = await ctx.db
      .selectFrom('users')
      .select(['email', 'email_verified_at', 'email_bounced_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return {
      kinds: await mailSettingsStore(ctx.db).modes(userId),
      email: {
        email: user.email,
        verified: user.email !== '' && user.email_verified_at !== null,
        bounced: user.email !== '' && user.email_bounced_at !== null,
      },
      delivery: ctx.config.mail.smtpUrl ? ('smtp' as const) : ('folder' as const),
    }
  }

  serve(app, 'GET /notifications/mail', async (request) =>
    settingsOf(await requireUserId(request, LOGIN_FOR_NOTIFICATIONS)),
  )

  serve(app, 'PUT /notifications/mail', async (request) => {
    const viewer = await requireViewer(request, LOGIN_FOR_NOTIFICATIONS)
    await mailSettingsStore(ctx.db).set(viewer.userId, request.body.kinds)
    return settingsOf(viewer.userId)
  })

  /** The user and what the link stops, or 400 in words. */
  function read(token: string) {
    const target = tokens.read(token)
    if (!target) throw new BadRequestError('unsubscribe_link_invalid', { detail: BAD_TOKEN })
    return { userId: target.userId, target: target.kind as UnsubscribeTarget }
  }

  /** The kinds a link stops: its own, or every kind its digest gathers. */
  async function kindsOf(userId: string, target: UnsubscribeTarget) {
    if (target !== 'digest_daily' && target !== 'digest_weekly') return [target]
    const period = target === 'digest_daily' ? 'daily' : 'weekly'
    const modes = await mailSettingsStore(ctx.db).modes(userId)
    return Object.entries(modes)
      .filter(([, mode]) => mode === period)
      .map(([kind]) => kind as keyof typeof modes)
  }

  serve(app, 'GET /mail/unsubscribe', async (request) => {
    const { userId, target } = read(request.query.token)
    const modes = await mailSettingsStore(ctx.db).modes(userId)
    const kinds = await kindsOf(userId, target)
    const mode = target.startsWith('digest_')
      ? kinds.length > 0
        ? target === 'digest_daily'
          ? 'daily'
          : 'weekly'
        : 'off'
      : modes[kinds[0]!]
    return { kind: target, mode, unsubscribed: mode === 'off' }
  })

  serve(app, 'POST /mail/unsubscribe', async (request) => {
    const { userId, target } = read(request.query.token)
    const kinds = await kindsOf(userId, target)
    await mailSettingsStore(ctx.db).set(userId, Object.fromEntries(kinds.map((kind) => [kind, 'off'])))
    return { kind: target, mode: 'off' as const, unsubscribed: true }
  })
}
