import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PostDetailResponse } from '@agora/contract'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'
import Negotiator from 'negotiator'
import type { AppContext, AppInstance } from '../../context'
import { NotFoundError } from '../../http/errors'
import { firstCommentsPage } from '../comments/index'
import { postsService } from '../posts/index'
import { reviewsService } from '../reviews/index'
import { statsService } from '../stats/index'
import { type DrawnScreen, loadDrawnScreens, type ServerScreens } from './drawn-screens'
import { type FirstScreen, PageTemplate, type Screen } from './first-screen'
import { isAppScreen, NOINDEX, type PostOfPage, type PostUnavailable, postOfPage } from './page-status'
import { type ReviewOfPage, reviewHead, reviewLanguageOf, reviewOfPage, reviewScreen } from './review-page'
import { feedLinkOf, scholarlyHead, withHead } from './scholarly-meta'

const POST_PAGE = /^\/forum\/detail\/([^/]+)\/?$/
const REVIEW_PAGE = /^\/review\/([^/]+)\/?$/
const FORUM_PAGE = /^\/forum\/?$/
/** The forum's address parameters that make it another list than its first page (features/forum). */
const DRAWN_FORUM_SKIPS = ['search', 'sort', 'feed', 'tag', 'type', 'author', 'from', 'to'] as const

/**
 * The web app: its built files, and index.html for every other path (each is a screen of the
 * single-page app). The home page, the forum and a post's page come with their first screen drawn in
 * (first-screen.ts), as a reader who is not signed in sees them; any other page, or one that cannot
 * be drawn, is the plain index.html and the app draws it.
 */
export async function pagesRoutes(app: AppInstance, ctx: AppContext, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy beside each file worth compressing (the web app's
    // vite.config.ts): sent as they are to a browser that accepts them, so no request pays for the
    // compression. A file without copies (too small, or a picture) is sent plain.
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite names assets by content hash: they never change under the same name.
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
    },
  })
  const template = new PageTemplate(readFileSync(join(webDist, 'index.html'), 'utf8'))
  const screens = template.canHoldFirstScreens ? await loadDrawnScreens(webDist, app.log) : null
  if (screens) app.addHook('onClose', () => screens.close())
  const posts = postsService(ctx.db, ctx.blobs, ctx.events, ctx.guard)
  const stats = statsService(ctx.db)
  const reviews = reviewsService(ctx.db, ctx.events, ctx.guard)
  const reviewReads = { review: reviews.detail, post: posts.detail }

  /** The reader's language: their choice (the app keeps it in the `lang` cookie), else their browser's. */
  function languageOf(request: FastifyRequest, drawn: ServerScreens) {
    const codes = drawn.LANGUAGES.map((language) => language.code)
    const chosen = request.cookies.lang
    const code =
      chosen && codes.includes(chosen) ? chosen : (new Negotiator(request.raw).language(codes) ?? codes[0])
    return drawn.LANGUAGES.find((language) => language.code === code) ?? drawn.LANGUAGES[0]
  }

  /** `screen` at `path`, drawn by `render` in the reader's language. */
  async function drawnIn(
    request: FastifyRequest,
    path: string,
    screen: Screen,
    drawn: ServerScreens,
    render: (language: string) => Promise<DrawnScreen | null>,
  ): Promise<FirstScreen | null> {
    const language = languageOf(request, drawn)
    const drawnScreen = await render(language.code)
    return drawnScreen && { path, ...drawnScreen, screen, htmlLang: language.htmlLang }
  }

  async function homeScreen(request: FastifyRequest, drawn: ServerScreens): Promise<FirstScreen | null> {
    const counts = await stats.current().catch(() => null) // shown loading, as the app does
    return drawnIn(request, '/', 'home', drawn, (language) => drawn.renderHome(request.url, language, counts))
  }

  async function forumScreen(
    request: FastifyRequest,
    path: string,
    drawn: ServerScreens,
  ): Promise<FirstScreen | null> {
    const query = request.query as Record<string, unknown>
    // The first page in the default order only; a search, another order, a filter or the Following
    // view (which depends on who asks) is drawn by the app.
    if (DRAWN_FORUM_SKIPS.some((name) => query[name] !== undefined)) return null
    const [list, counts] = await Promise.all([
      posts.list(null, {}),
      stats.current().catch(() => null), // the hero then shows them loading, as the app does
    ])
    return drawnIn(request, path, 'forum', drawn, (language) =>
      drawn.renderForum(request.url, language, { list, stats: counts }),
    )
  }

  async function postScreen(
    request: FastifyRequest,
    path: string,
    post: PostDetailResponse,
    viewerId: string | null,
    drawn: ServerScreens,
  ): Promise<FirstScreen | null> {
    // The first comments come with the post, so the first paint shows them; when
    // they cannot be read the section is drawn loading, as the app would show it.
    const comments = await firstCommentsPage(ctx, post.id, viewerId).catch((error) => {
      request.log.warn({ err: error }, 'comments of the drawn post not read')
      return null
    })
    return drawnIn(request, path, 'post', drawn, (language) =>
      drawn.renderPost(request.url, language, post.id, post, comments),
    )
  }

  /** The not-found screen, or a post page's own (hidden, removed, not found), drawn in. */
  async function unavailableScreen(
    request: FastifyRequest,
    path: string,
    why: PostUnavailable | null,
    drawn: ServerScreens,
  ): Promise<FirstScreen | null> {
    const post = POST_PAGE.exec(path)
    if (post && why && drawn.renderPostUnavailable) {
      const render = drawn.renderPostUnavailable
      const id = decodeURIComponent(post[1])
      return drawnIn(request, path, 'post', drawn, (language) => render(request.url, language, id, why))
    }
    if (post || !drawn.renderNotFound) return null
    const render = drawn.renderNotFound
    return drawnIn(request, path, 'notFound', drawn, (language) => render(request.url, language))
  }

  async function firstScreenOf(
    request: FastifyRequest,
    path: string,
    page: PostOfPage | null,
    found: boolean,
  ): Promise<FirstScreen | null> {
    if (!screens) return null
    try {
      if (!found) return await unavailableScreen(request, path, page?.unavailable ?? null, screens)
      if (POST_PAGE.test(path)) {
        if (!page?.post) return null
        const viewerId = page.personal ? ((await request.viewer())?.userId ?? null) : null
        return await postScreen(request, path, page.post, viewerId, screens)
      }
      if (FORUM_PAGE.test(path)) return await forumScreen(request, path, screens)
      if (path === '/') return await homeScreen(request, screens)
    } catch (error) {
      // The database or the rendering failing: the page is still served, and the app asks for its
      // data itself (and shows its own message).
      request.log.warn({ err: error, path }, 'first screen not drawn')
    }
    return null
  }

  /** A public review's page drawn in: plain markup of the server's own, so no thread is needed. */
  function reviewPageHtml(request: FastifyRequest, path: string, page: ReviewOfPage): string {
    if (!page.post) return template.plain
    const language = reviewLanguageOf(request)
    const drawn = reviewScreen(page.review, language.code)
    return template.render({ path, ...drawn, screen: 'review', htmlLang: language.htmlLang })
  }

  // A missing asset file stays a 404, so a stale page's chunk request fails fast instead of receiving HTML.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]
    if (path.startsWith('/api/'))
      throw new NotFoundError('no_such_endpoint', { params: { method: request.method, path } })
    if (path.startsWith('/assets/'))
      throw new NotFoundError('file_not_found', { detail: `No such file: ${path}` })
    const reviewPage = REVIEW_PAGE.exec(path)
    if (reviewPage) {
      const review = await reviewOfPage(request, reviewPage[1], reviewReads)
      const html = reviewPageHtml(request, path, review)
      const head = review.post ? reviewHead(review.review, review.post, ctx.config.mail.publicUrl) : NOINDEX
      return reply
        .code(review.status)
        .header('cache-control', review.personal ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withHead(html, head))
    }
    const postPage = POST_PAGE.exec(path)
    const page = postPage ? await postOfPage(request, postPage[1], posts.detail) : null
    // Only the app's own screens are pages; a post's page of a post the reader may not see is not one.
    const status = page?.unavailable?.status ?? (isAppScreen(path) ? 200 : 404)
    const screen = await firstScreenOf(request, path, page, status === 200)
    const html = screen ? template.render(screen) : template.plain
    // A post only its author may see is drawn for them alone: kept by no shared cache, nor indexed.
    const personal = page?.post ? page.personal : false
    const head = personal
      ? NOINDEX
      : page?.post
        ? scholarlyHead(page.post, ctx.config.mail.publicUrl)
        : status === 200
          ? feedLinkOf(path)
          : NOINDEX
    return reply
      .code(status)
      .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withHead(html, head))
  })
}
