import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type {
  PostCommentsResponse,
  PostDetailResponse,
  PostListResponse,
  StatsResponse,
} from '@agora/contract'
import type { FastifyBaseLogger } from 'fastify'
import { Piscina } from 'piscina'
import type { Part } from './first-screen'
import type { PostUnavailable } from './page-status'

/** A screen as the web app's server-side build draws it. */
export interface DrawnScreen {
  html: string
  title: string
  description: string
  /** What its text uses beyond the screen (a post's Markdown, math, code). */
  parts?: Part[]
}

/** The app's screens rendered on the server (apps/web/src/entry-server.tsx), as this side uses them. */
export interface DrawnScreens {
  LANGUAGES: readonly { code: string; htmlLang: string }[]
  renderForum(
    url: string,
    language: string,
    data: { list: PostListResponse; stats: StatsResponse | null },
  ): Promise<DrawnScreen>
  renderPost(
    url: string,
    language: string,
    id: string,
    post: PostDetailResponse,
    comments: PostCommentsResponse | null,
    options?: { plainText?: boolean },
  ): Promise<DrawnScreen>
  renderHome(url: string, language: string, stats: StatsResponse | null): Promise<DrawnScreen>
  /** Absent from a build before these screens: such a page is then served plain. */
  renderNotFound?(url: string, language: string): Promise<DrawnScreen>
  renderPostUnavailable?(
    url: string,
    language: string,
    id: string,
    why: PostUnavailable,
  ): Promise<DrawnScreen>
}

/**
 * Longest a post's page waits for its text drawn as Markdown, off the event loop; past it the page
 * is drawn with the text as written (docs/decisions/012-bounded-markdown.md).
 */
export const POST_DRAW_BUDGET_MS = 350
/** A draw still running this long is stopped, its thread replaced: the tamed text never needs it. */
const DRAW_STOP_MS = 10_000
/** Draws waiting for the thread past this many are not queued: their pages are drawn plain at once. */
const DRAWS_QUEUED_MAX = 4

/**
 * The web app's server-side build (`dist-ssr` beside `dist`, made by scripts/build.mjs with the app),
 * or null without it: every page is then served plain and drawn by the app. A post is drawn in a
 * worker thread within the budget; the home page and the forum (no Markdown) on the event loop.
 */
export async function loadDrawnScreens(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<(DrawnScreens & { close(): Promise<void> }) | null> {
  const file = join(webDist, '..', 'dist-ssr', 'entry-server.js')
  if (!existsSync(file)) return null
  let screens: DrawnScreens
  try {
    screens = (await import(pathToFileURL(file).href)) as DrawnScreens
  } catch (error) {
    log.warn(
      { err: error, file },
      'the web app’s server-side screens could not be loaded; pages are served plain',
    )
    return null
  }
  // One thread: pages are not the hot path, and the event loop never waits for it.
  const pool = new Piscina({ filename: pathToFileURL(file).href, minThreads: 1, maxThreads: 1 })
  const startThread = () =>
    pool
      .run(null, { name: 'warmUp' })
      .catch((error) => log.warn({ err: error }, 'the drawing thread did not start'))
  void startThread()
  return {
    ...screens,
    async renderPost(url, language, id, post, comments) {
      if (pool.queueSize < DRAWS_QUEUED_MAX) {
        const drawn = pool
          .run(
            { url, language, id, post, comments },
            { name: 'renderPostTask', signal: AbortSignal.timeout(DRAW_STOP_MS) },
          )
          .then(
            (screen: DrawnScreen) => screen,
            (error) => {
              if (error instanceof Error && error.name === 'AbortError') void startThread()
              else log.warn({ err: error, post: post.id }, 'post not drawn')
              return null
            },
          )
        let timer: NodeJS.Timeout | undefined
        const late = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), POST_DRAW_BUDGET_MS)
        })
        // A draw past the budget goes on in the thread (its page is drawn plain): stopping it would
        // cost a new thread's start for every view of a slow text.
        const screen = await Promise.race([drawn, late])
        clearTimeout(timer)
        if (screen) return screen
      }
      return screens.renderPost(url, language, id, post, comments, { plainText: true })
    },
    close: () => pool.destroy(),
  }
}
