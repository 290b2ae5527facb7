// A post's page drawn by the web app's own server-side build, built here from the sources (the
// suite runs before any `npm run build`): whatever its text, the page is drawn in bounded time.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor } from '@agora/test-kit'
import { PATHOLOGICAL_MARKDOWN } from '@agora/test-kit/pathological-markdown'
import { parse } from 'parse5'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiMakePost,
  cookieHeader,
  makeUser,
  send,
  sendLogin,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'

const webRoot = fileURLToPath(new URL('../../../../web', import.meta.url))
/** Inside the repository, so the build's imports of installed packages resolve. */
const scratch = join(webRoot, '.vite', `pages-drawn-${process.pid}`)

/** apps/web/index.html with its script as the build leaves it (first-screen.ts needs the entry tag). */
function builtIndexHtml(): string {
  return readFileSync(join(webRoot, 'index.html'), 'utf8')
    .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
    .replace('</head>', '<script type="module" crossorigin src="/assets/index-F6.js"></script>\n  </head>')
}

let t: TestApp
beforeAll(async () => {
  mkdirSync(join(scratch, 'dist'), { recursive: true })
  writeFileSync(join(scratch, 'dist', 'index.html'), builtIndexHtml())
  const { build } = await import('vite')
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: join(scratch, 'dist-ssr'),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  })
  t = await createTestApp({ WEB_DIST: join(scratch, 'dist') })
}, 300_000)
afterAll(async () => {
  await t?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** The longest turn of the event loop a page may take however cheap a read is, in CPU ms: the health answer's budget. */
const TURN_FLOOR_MS = 50

/** The main thread's CPU time (Linux: this process's first thread is the event loop's). */
const MAIN_THREAD_CPU = `/proc/self/task/${process.pid}/schedstat`
const mainThreadCpuMs = () => Number(readFileSync(MAIN_THREAD_CPU, 'latin1').split(' ')[0]) / 1e6

/**
 * The longest the event loop ran without coming back to its timers while `work` ran, in CPU time of
 * its thread: what other requests wait for, however loaded the machine is.
 */
async function longestTurn(work: () => Promise<unknown>): Promise<number> {
  let last = mainThreadCpuMs()
  let longest = 0
  const turn = () => {
    const now = mainThreadCpuMs()
    longest = Math.max(longest, now - last)
    last = now
  }
  const timer = setInterval(turn, 1)
  try {
    await work()
  } finally {
    clearInterval(timer)
    turn()
  }
  return longest
}

/** The text of the page's drawn `<main>`. */
function mainText(html: string): string {
  const texts: string[] = []
  const walk = (node: { nodeName: string; value?: string; childNodes?: unknown[] }, inMain: boolean) => {
    const here = inMain || node.nodeName === 'main'
    if (here && node.nodeName === '#text') texts.push(node.value ?? '')
    for (const child of (node.childNodes ?? []) as (typeof node)[]) walk(child, here)
  }
  walk(parse(html) as never, false)
  return texts.join('')
}

describe(`a post's drawn page (${TEST_DB})`, () => {
  it('draws an ordinary post as Markdown once the drawing thread is up', async () => {
    const ada = await makeUser(t)
    const { post_id } = await apiMakePost(t, ada, { content: 'The **hive** at dawn' })
    const page = () => t.app.inject({ method: 'GET', url: `/forum/detail/${post_id}` })
    // Until the thread has loaded the app's code, a post is drawn as written.
    await waitFor(
      async () => /<strong>hive<\/strong> at dawn/.test((await page()).body),
      'the post drawn as Markdown',
      60_000,
    )
  }, 90_000)

  it('draws a post of pathological emphasis, with every character of its text', async () => {
    const ada = await makeUser(t)
    const content = '*_'.repeat(49_500)
    const { post_id } = await apiMakePost(t, ada, { content })
    const response = await t.app.inject({ method: 'GET', url: `/forum/detail/${post_id}` })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`data-first-screen="/forum/detail/${post_id}"`)
    // Drawn as Markdown the first runs are emphasis marks; drawn plain, all of it is there.
    const longest = Math.max(...(mainText(response.body).match(/(?:\*_)+/g) ?? ['']).map((run) => run.length))
    expect(longest).toBeGreaterThan(content.length - 100)
  })

  it('keeps the event loop free while pathological posts are drawn: a page costs it what reading the post does', async (context) => {
    if (!existsSync(MAIN_THREAD_CPU)) {
      console.info(
        `Skipped: the event loop's CPU time is read from ${MAIN_THREAD_CPU}, which this system lacks.`,
      )
      context.skip()
    }
    // A long ordinary text first: the event loop's first such page and answer compile code.
    const { post_id: plain } = await apiMakePost(t, await makeUser(t), { content: 'word '.repeat(19_000) })
    for (const url of [`/forum/detail/${plain}`, `/api/v1/media/${plain}`, `/api/v1/media/${plain}`])
      await t.app.inject({ method: 'GET', url })
    const pages: Record<string, number> = {}
    const reads: Record<string, number> = {}
    for (const [name, content] of Object.entries(PATHOLOGICAL_MARKDOWN)) {
      const { post_id } = await apiMakePost(t, await makeUser(t), { content })
      // The first view waits for the draw; the second finds it late, stopped or kept.
      pages[name] = await longestTurn(async () => {
        for (let view = 0; view < 2; view++) {
          const response = await t.app.inject({ method: 'GET', url: `/forum/detail/${post_id}` })
          expect(response.body).toContain(`data-first-screen="/forum/detail/${post_id}"`)
        }
      })
      // The same post through the API: its reads, and a 100,000-character answer.
      reads[name] = await longestTurn(async () => {
        for (let read = 0; read < 2; read++)
          await sendTo(t, null, 'GET /media/:id', { params: { id: post_id } })
      })
    }
    // A read yields between its statements (~5 ms a turn), so a collection of the text's copies
    // alone can double it: the floor is what the health answer may wait (bench/src/pathological-post.ts).
    const bound = Math.max(2 * Math.max(...Object.values(reads)), TURN_FLOOR_MS)
    expect(pages, `reads: ${JSON.stringify(reads)}`).toSatisfy((turns: Record<string, number>) =>
      Object.values(turns).every((turn) => turn <= bound),
    )
  }, 240_000)
})

describe(`a post's drawn page for whoever asks (${TEST_DB})`, () => {
  const NOINDEX = '<meta name="robots" content="noindex">'
  /** The page as the browser asks for it: with the session cookie of `user`'s login, or none. */
  async function pageAs(user: TestUser | null, path: string) {
    if (!user) return t.app.inject({ method: 'GET', url: path })
    const login = await sendLogin(t, { username: user.username, password: user.password })
    return t.app.inject({ method: 'GET', url: path, headers: { cookie: cookieHeader(login.cookies) } })
  }

  it('draws an author their own private post, 200 for them alone; anyone else a 404 that says not found', async () => {
    const [ada, bob] = [await makeUser(t), await makeUser(t)]
    const title = 'Unpublished field notes'
    const { post_id } = await apiMakePost(t, ada, { title, visibility: 'private' })
    const path = `/forum/detail/${post_id}`
    const own = await pageAs(ada, path)
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-cache')
    expect(own.body).toContain(`data-first-screen="${path}"`)
    expect(mainText(own.body)).toContain(title)
    expect(mainText(own.body)).not.toContain('Post not found')
    expect(own.body).toContain(NOINDEX)
    expect(own.body).not.toContain('citation_title')
    for (const stranger of [bob, null]) {
      const theirs = await pageAs(stranger, path)
      expect(theirs.statusCode).toBe(404)
      expect(theirs.headers['cache-control']).toBe('no-cache')
      expect(mainText(theirs.body)).toContain('Post not found')
      expect(theirs.body).not.toContain(title)
    }
  })

  it('draws a post its author deleted as deleted, 410, to its author too', async () => {
    const ada = await makeUser(t)
    const title = 'A preprint withdrawn'
    const { post_id } = await apiMakePost(t, ada, { title })
    expect((await send(t, ada, 'DELETE', `/api/v1/media/${post_id}/delete`)).statusCode).toBe(200)
    for (const reader of [null, ada]) {
      const response = await pageAs(reader, `/forum/detail/${post_id}`)
      expect(response.statusCode).toBe(410)
      expect(mainText(response.body)).toContain('This post was deleted by its author')
      expect(response.body).toContain(NOINDEX)
      expect(response.body).not.toContain(title)
    }
  })
})
