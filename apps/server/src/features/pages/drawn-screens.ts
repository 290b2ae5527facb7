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
import { DrawingThread } from './drawing-thread'
import { type DrawnText, DrawnTexts } from './drawn-texts'
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

/** What a post's page is drawn from. */
type PostPage = [
  url: string,
  language: string,
  id: string,
  post: PostDetailResponse,
  comments: PostCommentsResponse | null,
]

/** The app's screens rendered on the server (apps/web/src/entry-server.tsx), as this side uses them. */
export interface DrawnScreens {
  LANGUAGES: readonly { code: string; htmlLang: string }[]
  renderForum(
    url: string,
    language: string,
    data: { list: PostListResponse; stats: StatsResponse | null },
  ): Promise<DrawnScreen>
  renderPost(
    ...args: [...PostPage, options?: { plainText?: boolean; text?: DrawnText }]
  ): Promise<DrawnScreen>
  /** A post's text drawn as Markdown: a drawing thread's task, as is renderPostTask. */
  renderPostText?(task: { text: string; language: string }): Promise<DrawnText>
  renderPostTask?(task: {
    url: string
    language: string
    id: string
    post: PostDetailResponse
    comments: PostCommentsResponse | null
    text: DrawnText | null
  }): Promise<DrawnScreen>
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

/** A post's page still drawing after this long is stopped with its thread: it never needs it. */
const PAGE_STOP_MS = 10_000
/** Longest a post's page waits for its thread to begin drawing it (at a start, or a busy thread). */
const PAGE_WAIT_MS = 10_000
/** Pages waiting for their thread past this many are not queued: they are served plain. */
const PAGES_QUEUED_MAX = 32
/** Heap of the thread that draws texts: a text that needs more is stopped, not the process. */
const TEXT_THREAD_HEAP_MB = 512

/** The app's screens as the server draws them: a post's page on threads, the others on the event loop. */
export interface ServerScreens extends Omit<DrawnScreens, 'renderPost'> {
  /** The post's page, or null when it could not be drawn (the page is then served plain). */
  renderPost(...args: PostPage): Promise<DrawnScreen | null>
  close(): Promise<void>
}

/**
 * The web app's server-side build (`dist-ssr` beside `dist`, made by scripts/build.mjs with the app),
 * or null without it: every page is then served plain and drawn by the app. A post's page is drawn
 * on one thread and its text as Markdown on another, within a budget (drawn-texts.ts): the event
 * loop draws no post, and no text keeps a page waiting. The home page and the forum (no Markdown)
 * are drawn on the event loop.
 */
export async function loadDrawnScreens(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<ServerScreens | null> {
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
  const entry = pathToFileURL(file).href
  // Two threads: a text's draw, however long, never holds up the page of another post.
  const pages = new DrawingThread(entry, 'pages', log)
  const textThread = new DrawingThread(entry, 'texts', log, { maxOldGenerationSizeMb: TEXT_THREAD_HEAP_MB })
  const texts = new DrawnTexts(textThread)
  return {
    ...screens,
    async renderPost(url, language, id, post, comments) {
      if (pages.waiting >= PAGES_QUEUED_MAX) return null
      const text = post.content ? await texts.drawn(post.content, language) : null
      const page = pages.run<DrawnScreen>('renderPostTask', { url, language, id, post, comments, text })
      page.watch = (_cpuMs, wallMs) => (wallMs >= PAGE_STOP_MS ? 'stop' : undefined)
      const timer = setTimeout(() => page.drop(), PAGE_WAIT_MS)
      return page.result.finally(() => clearTimeout(timer))
    },
    close: () => Promise.all([pages.close(), textThread.close()]).then(() => undefined),
  }
}
