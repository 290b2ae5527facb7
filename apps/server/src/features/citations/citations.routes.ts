import { citeFormatOf } from '@agora/contract'
import type { AppContext, AppInstance } from '../../context'
import { isId } from '../../db/ids'
import { NotFoundError } from '../../http/errors'
import { serve } from '../../http/serve'
import { visibleOrGone } from '../../policy/index'
import { withheldVersions } from '../versions/index'
import { CITE_CONTENT_TYPES, CITE_EXTENSIONS, cite } from './citations'

/** "Cite this": a post in BibTeX, RIS, CSL-JSON or an APA reference, its version when named. */
export async function citationsRoutes(app: AppInstance, ctx: AppContext) {
  serve(app, 'GET /media/:id/cite', async (request, reply) => {
    const viewer = await request.viewer()
    const { id } = request.params
    if (!isId(id)) throw new NotFoundError('post_not_found')
    const row = await ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select([
        'posts.id',
        'posts.user_id',
        'posts.visibility',
        'posts.moderation',
        'posts.title',
        'posts.summary',
        'posts.created_at',
        'posts.doi',
        'posts.license',
        'posts.version',
        'users.nickname',
        'users.username',
        'users.orcid',
      ])
      .where('posts.id', '=', id)
      .executeTakeFirst()
    const post = await visibleOrGone(ctx.db, row, id, viewer?.userId ?? null)
    const version = request.query.version ?? null
    // A version the reader may not open (made while the post was private) is as unknown as none.
    if (
      version !== null &&
      (version < 1 ||
        version > post.version ||
        (await withheldVersions(ctx.db, post.id, viewer?.userId ?? null)).has(version))
    )
      throw new NotFoundError('version_not_found', { detail: `This post has no version ${version}` })
    const format = citeFormatOf(request.query.format)
    const path = `/forum/detail/${post.id}${version !== null ? `?version=${version}` : ''}`
    const text = cite(
      {
        id: post.id,
        title: post.title,
        summary: post.summary,
        authorName: post.nickname || post.username,
        orcid: post.orcid,
        createdAt: post.created_at,
        doi: post.doi,
        license: post.license,
        version,
        url: `${ctx.config.mail.publicUrl}${path}`,
        accessed: new Date(),
      },
      format,
    )
    reply.header('content-type', CITE_CONTENT_TYPES[format])
    if (request.query.download) {
      reply.header(
        'content-disposition',
        `attachment; filename="agora-${post.id}.${CITE_EXTENSIONS[format]}"`,
      )
    }
    return reply.send(text)
  })
}
