/**
 * Screens rendered to HTML on the server by the app's own components, so the first paint shows them
 * before the app's code runs. Not hydrated: the app renders the screen itself and takes over in one
 * frame (app/staticShell.ts), so the HTML only has to look the same.
 */
import type { CommentView, PostDetailResponse, PostListResponse, StatsResponse } from '@agora/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { Route, Routes, StaticRouter } from 'react-router'
import { ApiError } from './api/client'
import { commentKeys, postKeys, statsKey } from './api/queryKeys'
import { LoginModalProvider } from './app/LoginModalProvider'
import { NotFoundPage } from './app/NotFoundPage'
import { firstCommentsData } from './features/comments'
import { ForumListPage } from './features/forum/ForumListPage'
import { NO_FILTERS } from './features/forum/forumFilters'
import { HomePage } from './features/home/HomePage'
import { PostDetailPage } from './features/post/PostDetailPage'
import { postUnavailable, unavailableTitle } from './features/post/PostUnavailable'
import i18n, { LANGUAGES, type Language, loadLanguage } from './i18n'
import { DRAWN_MARKDOWN_CLASS, DrawnMarkdown } from './ui/drawnMarkdown'
import { Markdown } from './ui/Markdown'
import { extrasNeeded, loadMarkdownExtras } from './ui/markdown/extras'

export { LANGUAGES }

/** What the forum's first screen shows: its first page (the default order, no search) and the counts. */
export interface ForumData {
  list: PostListResponse
  /** Null when they could not be read: the hero shows them loading, as the app would. */
  stats: StatsResponse | null
}

/** A screen as HTML, with the document's title and description as the screen itself sets them. */
export interface DrawnScreen {
  html: string
  title: string
  description: string
  /** What a drawn text uses beyond the screen (Markdown, math, code): the page links their styles. */
  parts?: ('markdown' | 'math' | 'code')[]
}

/** The forum at `url` (its path and query) in `language`, with the server's data for it. */
export async function renderForum(url: string, language: Language, data: ForumData): Promise<DrawnScreen> {
  const queries = serverQueries()
  queries.setQueryData(postKeys.list('', null, undefined, NO_FILTERS), {
    pages: [data.list],
    pageParams: [null],
  })
  if (data.stats) queries.setQueryData(statsKey, data.stats)
  const { t } = await textsIn(language)
  return {
    html: await render(url, language, queries, <ForumListPage />),
    // As useDocumentMeta writes them (app/useDocumentMeta.ts).
    title: `${t('forum:title')} · ${t('appName')}`,
    description: t('common:descriptions.forum'),
  }
}

/** A query cache for one render: the server's data, never fetched again (the page is not hydrated). */
function serverQueries() {
  // retryOnMount off: a query the server put in its error state is drawn as that error, not loading.
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retryOnMount: false } },
  })
}

/** The texts of each language, made once: each render is synchronous, so they can be shared. */
const textsOf = new Map<Language, Promise<typeof i18n>>()

function textsIn(language: Language): Promise<typeof i18n> {
  let texts = textsOf.get(language)
  if (!texts) {
    // English too, the fallback: with every namespace of both in the store, the copy takes its
    // language at once. A namespace still to fetch would leave it in English for the first render
    // after a start (a reader's first screen in Chinese came out in English).
    texts = Promise.all([loadLanguage(language), loadLanguage('en')]).then(() =>
      i18n.cloneInstance({ lng: language }),
    )
    textsOf.set(language, texts)
  }
  return texts
}

/** The home page in `language`, with the site's counts (null: shown loading, as the app does). */
export async function renderHome(
  url: string,
  language: Language,
  stats: StatsResponse | null,
): Promise<DrawnScreen> {
  const queries = serverQueries()
  if (stats) queries.setQueryData(statsKey, stats)
  const { t } = await textsIn(language)
  return {
    html: await render(url, language, queries, <HomePage />),
    title: `${t('home:meta.title')} · ${t('appName')}`,
    description: t('home:meta.description'),
  }
}

/** A post's text drawn as Markdown, as its page shows it, and the parts it uses (the page links their styles). */
export interface DrawnText {
  html: string
  parts: ('markdown' | 'math' | 'code')[]
}

/** How a post's page draws its text (renderPost). */
export interface TextDrawing {
  /** Drawn as written, in paragraphs, as the app shows it before Markdown loads. */
  plainText?: boolean
  /** Already drawn as Markdown (renderPostText): written into the page as it is. */
  text?: DrawnText
}

/** The class PostContent gives a text the server draws (features/post/PostDetailPage.tsx). */
const POST_TEXT_CLASS = `post__content ${DRAWN_MARKDOWN_CLASS}`
/** Where a page drawn with `text` gets it: markup no text of a user can produce (React escapes `<` and `"`). */
const TEXT_SLOT = '<template data-drawn-text=""></template>'
const TextSlot = () => <template data-drawn-text="" />

/**
 * A post's page at `url` in `language`: `post` is the post `id` (as the address names it) as a reader
 * who is not signed in sees it, with the first page of its comments (null: shown loading). Its text
 * is drawn as Markdown here unless it comes drawn (`text`) or is to be shown as written.
 */
export async function renderPost(
  url: string,
  language: Language,
  id: string,
  post: PostDetailResponse,
  comments: CommentView[] | null = null,
  { plainText = false, text }: TextDrawing = {},
): Promise<DrawnScreen> {
  const queries = serverQueries()
  queries.setQueryData(postKeys.detail(id), post)
  if (comments) queries.setQueryData(commentKeys.post(post.id), firstCommentsData(comments))
  const { t } = await textsIn(language)
  // The text drawn as the app shows it, math and code too: the render is synchronous, so
  // what the text needs is loaded first, and the page links its stylesheets (`parts`).
  const inline = !plainText && !text
  if (inline) await loadMarkdownExtras(post.content)
  const screen = (
    <DrawnMarkdown.Provider value={text ? TextSlot : plainText ? null : Markdown}>
      <Routes>
        <Route path="/forum/detail/:id" element={<PostDetailPage />} />
      </Routes>
    </DrawnMarkdown.Provider>
  )
  const html = await render(url, language, queries, screen)
  const parts = text ? text.parts : ['markdown' as const, ...(inline ? extrasNeeded(post.content) : [])]
  return {
    html: text ? html.replace(TEXT_SLOT, () => text.html) : html,
    title: `${post.title} · ${t('appName')}`,
    description: post.summary || t('common:descriptions.post'),
    parts: post.content ? parts : [],
  }
}

/**
 * A post's text as its page draws it, in `language` (the copy button's and math errors' words): the
 * costly part of the page, which the server draws on its own thread under a time budget.
 */
export async function renderPostText(task: { text: string; language: Language }): Promise<DrawnText> {
  const { text, language } = task
  const [texts] = await Promise.all([textsIn(language), loadMarkdownExtras(text)])
  // Only what the text's own components need: the page around it draws its own providers' markup.
  const html = renderToString(
    <I18nextProvider i18n={texts}>
      <StaticRouter location="/">
        <Markdown className={POST_TEXT_CLASS}>{text}</Markdown>
      </StaticRouter>
    </I18nextProvider>,
  )
  return { html, parts: ['markdown', ...extrasNeeded(text)] }
}

/** renderPost's arguments as one value, for a drawing thread (apps/server/src/features/pages). */
export interface PostTask {
  url: string
  language: Language
  id: string
  post: PostDetailResponse
  comments: CommentView[] | null
  /** Its text drawn (renderPostText), or null: drawn as written. */
  text: DrawnText | null
}

const WARM_ID = '00000000-0000-7000-8000-000000000000'
const WARM_DATE = '2026-01-01T00:00:00.000Z'
/** A made-up post, drawn once by warmUp. */
const WARM_POST: PostDetailResponse = {
  _id: WARM_ID,
  id: WARM_ID,
  title: 'Warm',
  tags: ['warm'],
  media: [],
  file_paths: [],
  author_id: WARM_ID,
  author_name: 'warm',
  author_avatar: '',
  author: 'warm',
  author_orcid: '',
  user_id: WARM_ID,
  user_name: 'warm',
  user_avatar: '',
  author_display_name: 'Warm',
  Summary: '',
  summary: '',
  content: 'A *warm* $x^2$',
  ai_analysis: '{}',
  license: 'CC-BY-4.0',
  doi: '',
  timestamp: WARM_DATE,
  created_at: WARM_DATE,
  likes: 0,
  comments: 0,
  is_liked: false,
  media_type: 'text',
  visibility: 'public',
  revision: 1,
  edited_at: null,
  manifest_cid: null,
  version: 1,
  version_count: 1,
  visible_versions: [1],
  version_changelog: '',
}

/**
 * Loads what drawing may need (every language's texts, math, the highlighter) and draws a text and
 * a page once, for a thread's first draw: a reader's first page then does not wait for compiling.
 */
export async function warmUp(): Promise<void> {
  await Promise.all(LANGUAGES.map((language) => textsIn(language.code)))
  const language = LANGUAGES[0].code
  await renderPostText({ text: 'A *warm* $x^2$\n\n```js\nconst x = 1\n```', language })
  await renderPost(`/forum/detail/${WARM_ID}`, language, WARM_ID, WARM_POST, [], { plainText: true })
}

export function renderPostTask({ url, language, id, post, comments, text }: PostTask): Promise<DrawnScreen> {
  return renderPost(url, language, id, post, comments, text ? { text } : { plainText: true })
}

/** The not-found screen at `url` (a path that is no screen of the app) in `language`. */
export async function renderNotFound(url: string, language: Language): Promise<DrawnScreen> {
  const { t } = await textsIn(language)
  return {
    html: await render(url, language, serverQueries(), <NotFoundPage />),
    title: `${t('notFound.title')} · ${t('appName')}`,
    description: '',
  }
}

/** Why a post's page has no post: the status, `code` and public `reason` of GET /media/{id}'s answer. */
export interface PostUnavailableAnswer {
  status: number
  code: string
  reason?: string
}

/**
 * A post's page at `url` in `language` for the post `id` a reader who is not signed in cannot open
 * (hidden, removed or not there): the screen as the app draws the API's answer.
 */
export async function renderPostUnavailable(
  url: string,
  language: Language,
  id: string,
  answer: PostUnavailableAnswer,
): Promise<DrawnScreen> {
  const queries = serverQueries()
  const body = { detail: '', ...answer }
  const error = new ApiError(answer.status, '', answer.code, undefined, body)
  queries
    .getQueryCache()
    .build(queries, { queryKey: postKeys.detail(id) })
    .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' })
  const { t } = await textsIn(language)
  const screen = (
    <Routes>
      <Route path="/forum/detail/:id" element={<PostDetailPage />} />
    </Routes>
  )
  const why = postUnavailable(error) ?? { kind: 'notFound', reason: '' }
  return {
    html: await render(url, language, queries, screen),
    title: `${t(`post:${unavailableTitle(why)}`)} · ${t('appName')}`,
    description: '',
  }
}

async function render(url: string, language: Language, queries: QueryClient, screen: ReactNode) {
  const texts = await textsIn(language)
  try {
    return renderToString(
      <I18nextProvider i18n={texts}>
        <QueryClientProvider client={queries}>
          <StaticRouter location={url}>
            <LoginModalProvider>{screen}</LoginModalProvider>
          </StaticRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    )
  } finally {
    queries.clear()
  }
}
