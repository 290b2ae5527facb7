import { sql } from 'kysely'
import Type from 'typebox'
import type { AppContext, AppInstance } from '../../context'
import { NotFoundError } from '../../http/errors'
import { openSql, visibleTo } from '../../policy/index'
import { publicReviews } from '../reviews/index'

/** URLs per sitemap file (the protocol's limit). */
export const SITEMAP_SIZE = 50_000

/** File names of `count` URLs in sitemap files of SITEMAP_SIZE, at least one. */
const pagesOf = (name: string, count: number) =>
  Array.from(
    { length: Math.max(1, Math.ceil(count / SITEMAP_SIZE)) },
    (_, page) => `/sitemaps/${name}-${page + 1}.xml`,
  )

/** robots.txt and the sitemap: public posts, reviews, authors and tags. */
export async function sitemapRoutes(app: AppInstance, ctx: AppContext) {
  const base = ctx.config.mail.publicUrl
  const reviews = publicReviews(ctx.db)

  // Crawlers may fetch the files a post's scholarly metadata points to, and nothing else of the API.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Allow: /api/v1/files/',
          'Disallow: /api/',
          'Disallow: /mypage',
          'Disallow: /notifications',
          'Disallow: /mod',
          'Disallow: /reset-password',
          'Disallow: /verify-email',
          'Disallow: /unsubscribe',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  )

  /** The sitemap index: one file per 50,000 public posts, then reviews, authors and tags. */
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [{ posts }] = (
      await sql<{ posts: number }>`
        select count(*)::int as posts from posts where ${openSql('posts')}
      `.execute(ctx.db)
    ).rows as [{ posts: number }]
    const files = [
      ...pagesOf('posts', posts),
      ...pagesOf('reviews', await reviews.count()),
      '/sitemaps/authors.xml',
      '/sitemaps/tags.xml',
    ]
    const body = files.map((file) => `<sitemap><loc>${base}${file}</loc></sitemap>`).join('')
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`,
      )
  })

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 40 }) }) } },
    async (request, reply) => {
      const { file } = request.params
      let urls: { loc: string; lastmod?: Date }[]
      const page = /^posts-(\d{1,6})\.xml$/.exec(file)
      const reviewPage = /^reviews-(\d{1,6})\.xml$/.exec(file)
      if (reviewPage) {
        const rows = await reviews.page((Number(reviewPage[1]) - 1) * SITEMAP_SIZE, SITEMAP_SIZE)
        urls = rows.map((row) => ({ loc: `/review/${row.id}`, lastmod: row.edited_at ?? row.created_at }))
      } else if (page) {
        const offset = (Number(page[1]) - 1) * SITEMAP_SIZE
        const rows = await ctx.db
          .selectFrom('posts')
          .select(['id', 'created_at', 'edited_at'])
          .where(visibleTo(null))
          .orderBy('created_at')
          .orderBy('id')
          .offset(offset)
          .limit(SITEMAP_SIZE)
          .execute()
        urls = rows.map((row) => ({
          loc: `/forum/detail/${row.id}`,
          lastmod: row.edited_at ?? row.created_at,
        }))
      } else if (file === 'authors.xml') {
        const rows = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('public_profile', '=', true)
          .where('deleted_at', 'is', null)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('posts')
                .select('posts.id')
                .whereRef('posts.user_id', '=', 'users.id')
                .where(visibleTo(null)),
            ),
          )
          .limit(SITEMAP_SIZE)
          .execute()
        urls = rows.map((row) => ({ loc: `/author/${row.id}` }))
      } else if (file === 'tags.xml') {
        const { rows } = await sql<{ tag: string }>`
          select distinct tag from posts, unnest(posts.tags) as tag
          where ${openSql('posts')}
          order by tag limit ${SITEMAP_SIZE}
        `.execute(ctx.db)
        urls = rows.map((row) => ({ loc: `/tag/${encodeURIComponent(row.tag)}` }))
      } else {
        throw new NotFoundError('feed_not_found', { detail: 'No such sitemap' })
      }
      const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
      const body = urls
        .map(
          (url) =>
            `<url><loc>${escapeXml(`${base}${url.loc}`)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ''}</url>`,
        )
        .join('')
      return reply
        .type('application/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>\n`,
        )
    },
  )
}
