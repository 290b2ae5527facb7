import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import type { Db } from '../../db/index'
import { requireUserId, requireViewer } from '../../http/auth'
import { NotFoundError } from '../../http/errors'
import { serve } from '../../http/serve'
import { compose, mailLanguage, mailStore } from '../mail/index'
import { exportsService } from './exports.service'

const READY_TEXT = {
  en: {
    subject: 'Your Agora data export is ready',
    body: 'The download of your data (profile, posts, comments, likes, saved posts, follows, rewards and your files) is ready. It can be downloaded for 7 days from your account page, signed in.',
    action: 'Download my data',
  },
  zh: {
    subject: '您的 Agora 数据导出已就绪',
    body: '您的数据（个人资料、帖子、评论、点赞、收藏、关注、奖励以及您的文件）已可下载。登录后可在账户页面下载，7 天内有效。',
    action: '下载我的数据',
  },
} as const

/** Mails the owner of a ready export a link to their account page (only to a verified address). */
export function mailExportReady(publicUrl: string) {
  return async (trx: Db, userId: string) => {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'email_verified_at', 'email_bounced_at', 'language'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user?.email || !user.email_verified_at || user.email_bounced_at) return
    const language = mailLanguage(user.language)
    const text = READY_TEXT[language]
    await mailStore(trx).enqueue([
      {
        userId,
        to: user.email,
        kind: 'export_ready',
        ...compose({
          language,
          subject: text.subject,
          paragraphs: [text.body],
          action: { label: text.action, url: `${publicUrl}/mypage?tab=account` },
        }),
      },
    ])
  }
}

/** Taking one's data along: ask for an export, see it, download it for 7 days. */
export async function exportsRoutes(app: AppInstance, ctx: AppContext) {
  const store = ctx.blobs
  const exports = exportsService(ctx.db, store)
  serve(
    app,
    'POST /auth/me/export',
    { config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const viewer = await requireViewer(request)
      return reply.status(202).send(await exports.request(viewer.userId))
    },
  )

  serve(app, 'GET /auth/me/exports', async (request) => ({
    items: await exports.list(await requireUserId(request)),
  }))

  serve(app, 'GET /auth/me/exports/:id/download', { compress: false }, async (request, reply) => {
    const viewer = await requireViewer(request)
    if (!isId(request.params.id)) throw new NotFoundError('export_not_found')
    const archive = await exports.archive(viewer.userId, request.params.id)
    const day = archive.createdAt.toISOString().slice(0, 10)
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(archive.size))
      .header('content-disposition', `attachment; filename="agora-export-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send((await store.read(archive.cid)) as never)
  })
}
