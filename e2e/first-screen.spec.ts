/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
// The first screens the server draws (apps/server/src/features/pages): the forum and a post are on
// screen before the app's code runs, and the app takes over without anything moving.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor } from '@agora/test-kit'
import type { Browser, BrowserContextOptions, Page, Request } from '@playwright/test'
import { apiBearer, apiLikePost, apiMakeComment, apiMakePost } from './factories'
import {
  type AgoraServer,
  boxesOf,
  createUser,
  expect,
  expectConsoleErrors,
  loginViaApi,
  personPage,
  type TestUser,
  test,
} from './fixtures'
import { WEB_DIST } from './server'

/** The built file of one of the app's source modules (Vite's manifest), as a URL path. */
function builtFile(source: string): string {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8'))
  return `/${manifest[source].file}`
}

/**
 * Whether `open` (a navigation) makes the page ask for `file` before the app's code has run: the
 * app's entry script is held back until the page has asked for the file (10 s at most), then let go.
 */
async function askedBeforeTheAppRan(page: Page, file: string, open: () => Promise<unknown>) {
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(
    readFileSync(join(WEB_DIST, 'index.html'), 'utf8'),
  )?.[1]
  if (!entry) throw new Error('the build names no entry script')
  let entryHeld = true
  let asked: 'while the app was held' | 'after' | null = null
  const onRequest = (request: Request) => {
    if (asked === null && new URL(request.url()).pathname === file)
      asked = entryHeld ? 'while the app was held' : 'after'
  }
  page.on('request', onRequest)
  await page.route(`**${entry}`, async (route) => {
    // Past the deadline the app's code goes on, and asks for the file itself if it needs it.
    await waitFor(() => asked, `the page to ask for ${file}`).catch(() => {})
    entryHeld = false
    await route.continue()
  })
  try {
    await open()
    await waitFor(() => asked, `the page to ask for ${file}`)
  } finally {
    page.off('request', onRequest)
    await page.unroute(`**${entry}`)
  }
  return asked === 'while the app was held'
}

/** How many times the page asks for each of `paths` (URL paths, queries aside) from now on. */
function countAsked(page: Page, paths: string[]): Record<string, number> {
  const asked = Object.fromEntries(paths.map((path) => [path, 0]))
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path in asked) asked[path] += 1
  })
  return asked
}

/** A real PNG drawn by the browser: a 800×600 gradient. */
async function pictureBytes(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 800
    canvas.height = 600
    const context = canvas.getContext('2d')!
    const gradient = context.createLinearGradient(0, 0, 800, 600)
    gradient.addColorStop(0, '#1d4ed8')
    gradient.addColorStop(1, '#f59e0b')
    context.fillStyle = gradient
    context.fillRect(0, 0, 800, 600)
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1], 'base64')
}

/** Publishes a post with a picture through the API (a Bearer session); answers its id. */
async function publishPost(
  page: Page,
  server: AgoraServer,
  user: TestUser,
  title: string,
  visibility: 'public' | 'private' = 'public',
): Promise<string> {
  return apiMakePost(
    page.request,
    server,
    {
      title,
      summary: 'Two bright regions in the second run.',
      content: 'Measured on three days.\n\nThe second run is the clearest.',
      visibility,
    },
    {
      headers: await apiBearer(page.request, server, user),
      file: { name: 'map.png', mimeType: 'image/png', buffer: await pictureBytes(page) },
    },
  )
}

/**
 * The page drawn by the server alone (JavaScript off), then by the app once it has taken over, at a
 * phone's and a desktop's width: the same boxes for `selectors`, and no layout shift on the way.
 */
async function expectSameScreen(
  browser: Browser,
  url: string,
  selectors: string[],
  options: BrowserContextOptions = {},
  /** Shifts in the drawn page before the takeover that are not the takeover's (KaTeX's fonts arriving). */
  { drawnPageMayShift = false } = {},
) {
  for (const width of [412, 1280]) {
    const viewport = { width, height: 900 }
    const drawn = await browser.newContext({ ...options, viewport, javaScriptEnabled: false })
    const serverPage = await drawn.newPage()
    await serverPage.goto(url)
    await expect(serverPage.locator('#static-shell[data-first-screen] main')).toBeVisible()
    const before = await boxesOf(serverPage, selectors)
    for (const selector of selectors)
      expect(before[selector], `${selector} drawn at ${width} px`).not.toBeNull()
    await drawn.close()

    const live = await browser.newContext({ ...options, viewport })
    const appPage = await live.newPage()
    await appPage.addInitScript(() => {
      type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
      const shifts: { value: number; drawnPage: boolean; moved: string[] }[] = []
      Object.assign(window, { __shifts: shifts })
      // What moved, from where to where, and in what: a failure names it. `where` says whether the
      // node was in the drawn shell, in the app, or already gone when the shift was told; `in` is the
      // text of its card or section (which post it was, and what that post showed).
      const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`
      const where = (node?: Node) =>
        !node?.isConnected ? 'detached' : (node as Element).closest?.('#static-shell') ? 'shell' : 'app'
      const within = (node?: Node) =>
        ((node as Element | undefined)?.closest?.('article, section, li') as Element | null)?.textContent
          .replace(/\s+/g, ' ')
          .slice(0, 160) ?? ''
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: Source[] })[])
          shifts.push({
            value: entry.value,
            drawnPage: document.getElementById('static-shell') !== null,
            moved: entry.sources.map(
              (source) =>
                `${(source.node as Element | undefined)?.className || source.node?.nodeName} ${rect(source.previousRect)} → ${rect(source.currentRect)} at ${Math.round(entry.startTime)} ms (${where(source.node)}; in "${within(source.node)}")`,
            ),
          })
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await appPage.goto(url)
    await expect(appPage.locator('#static-shell')).toHaveCount(0)
    await expect(appPage.locator('#root')).toBeVisible()
    // The shifts of the takeover, two frames after it (the post's Markdown, drawn later, may move
    // what is below it: that is not the takeover's).
    type Shift = { value: number; drawnPage: boolean; moved: string[] }
    const shifts = await appPage.evaluate(
      () =>
        new Promise<Shift[]>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { __shifts: Shift[] }).__shifts)),
          ),
        ),
    )
    const counted = drawnPageMayShift ? shifts.filter((shift) => !shift.drawnPage) : shifts
    expect(
      counted.map((shift) => `${shift.value}: ${shift.moved.join('; ')}`),
      `layout shifts at ${width} px`,
    ).toEqual([])
    expect(await boxesOf(appPage, selectors), `the app's screen at ${width} px`).toEqual(before)
    await live.close()
  }
}

test("a post's page shows the post before the app runs, and the app takes over in place", async ({
  page,
  browser,
  request,
  server,
}) => {
  test.slow() // four page loads at two widths
  const author = await createUser(request, server, 'drawn')
  const title = 'Activation map of the second run'
  const id = await publishPost(page, server, author, title)
  const reader = await createUser(request, server, 'reader')
  await loginViaApi(page, server, reader)
  await apiMakeComment(page.request, server, id, 'Which threshold separates the two regions?')

  // JavaScript off: what the server drew is the page, with its first comments.
  const drawn = await browser.newContext({ javaScriptEnabled: false })
  const serverPage = await drawn.newPage()
  await serverPage.goto(`${server.url}/forum/detail/${id}`)
  await expect(serverPage).toHaveTitle(`${title} · Agora`)
  await expect(serverPage.locator('h1')).toHaveText(title)
  await expect(serverPage.getByText(author.username)).toBeVisible()
  // The author's summary (the analysis, when it has finished, may say the same in its own box).
  await expect(serverPage.locator('.post__summary')).toHaveText('Two bright regions in the second run.')
  const picture = serverPage.locator('img.carousel__image')
  await expect(picture).toHaveAttribute('alt', 'map.png')
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800)
  await expect(serverPage.locator('.comment').first()).toContainText(
    'Which threshold separates the two regions?',
  )
  await expect(serverPage.locator('.comment').first()).toContainText(reader.username)
  await drawn.close()

  await expectSameScreen(browser, `${server.url}/forum/detail/${id}`, [
    'h1.post__title',
    '.post__author-name',
    'img.carousel__image',
    '.post__summary',
    '.comment',
  ])

  // The app has taken over: its controls work (Back, on the first page of a visit, leads to the forum).
  // The screen's texts are asked for beside the app's code, not once that code has run.
  const texts = builtFile('src/i18n/locales/en/comments.json')
  expect(await askedBeforeTheAppRan(page, texts, () => page.goto(`/forum/detail/${id}`))).toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator('#static-shell')).toHaveCount(0)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/forum$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible()
})

test("a signed-in reader's post and comments are asked for before the app runs, as that reader sees them", async ({
  page,
  request,
  server,
}) => {
  const author = await createUser(request, server, 'early')
  const id = await apiMakePost(
    page.request,
    server,
    { title: 'Thresholds of the second run', content: 'Two regions, one threshold.' },
    { headers: await apiBearer(page.request, server, author) },
  )
  const reader = await createUser(request, server, 'early-reader')
  await loginViaApi(page, server, reader)
  await apiLikePost(page.request, server, id)
  await apiMakeComment(page.request, server, id, 'Which threshold did you pick?')
  // The analysis finished first, so the page does not ask for the post again to follow it.
  await waitFor(
    async () => {
      const post = await (await page.request.get(`${server.url}/api/v1/media/${id}`)).json()
      return JSON.parse(post.ai_analysis).status !== 'pending'
    },
    "the post's analysis to finish",
    30_000,
  )

  const postPath = `/api/v1/media/${id}`
  const commentsPath = `/api/v1/comments/post/${id}`
  const asked = countAsked(page, [postPath, commentsPath])
  expect(await askedBeforeTheAppRan(page, postPath, () => page.goto(`/forum/detail/${id}`))).toBe(true)
  await expect(page.locator('#static-shell')).toHaveCount(0)
  // The reader's own mark, which the drawn page (an anonymous reader's) cannot show, and their comment.
  await expect(page.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('.comment').first()).toContainText('Which threshold did you pick?')
  // The app took the early answers: nothing was asked twice.
  expect(asked).toEqual({ [postPath]: 1, [commentsPath]: 1 })
})

test("the forum's first page and figures are asked for before the app runs, and not again", async ({
  page,
  request,
  server,
}) => {
  const author = await createUser(request, server, 'lister')
  const title = 'Calibration notes for the spring run'
  await apiMakePost(
    page.request,
    server,
    { title },
    { headers: await apiBearer(page.request, server, author) },
  )

  const asked = countAsked(page, ['/api/v1/media/list', '/api/v1/stats'])
  expect(await askedBeforeTheAppRan(page, '/api/v1/media/list', () => page.goto('/forum'))).toBe(true)
  await expect(page.locator('#static-shell')).toHaveCount(0)
  await expect(page.locator('.post-card__title').first()).toContainText(title)
  await expect(page.locator('.forum-hero__stats')).toHaveAttribute('aria-busy', 'false')
  expect(asked).toEqual({ '/api/v1/media/list': 1, '/api/v1/stats': 1 })
})

test('a post with math and code is drawn by the server as the app draws it, and the app takes over in place', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.slow() // four page loads at two widths, with math's fonts
  const author = await createUser(request, server, 'tex')
  const id = await apiMakePost(
    page.request,
    server,
    {
      title: 'The energy of a resting mass',
      content:
        'Einstein wrote $E = mc^2$ in 1905.\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$\n\n```ts\nconst c = 299_792_458\n```',
    },
    {
      headers: await apiBearer(page.request, server, author),
      file: { name: 'map.png', mimeType: 'image/png', buffer: await pictureBytes(page) },
    },
  )
  // JavaScript off: the server typeset the math and coloured the code.
  const drawn = await browser.newContext({ javaScriptEnabled: false })
  const serverPage = await drawn.newPage()
  await serverPage.goto(`${server.url}/forum/detail/${id}`)
  await expect(serverPage.locator('.post__content .katex').first()).toBeVisible()
  await expect(serverPage.locator('.post__content .katex-display')).toBeVisible()
  await expect(serverPage.locator('.post__content pre code.hljs')).toContainText('const c = 299_792_458')
  await drawn.close()
  await expectSameScreen(
    browser,
    `${server.url}/forum/detail/${id}`,
    ['h1.post__title', '.post__content .katex', '.post__content .katex-display', '.post__content pre'],
    {},
    { drawnPageMayShift: true },
  )
})

test('the forum is drawn in the reader’s language, and the app takes over in place', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.slow()
  const author = await createUser(request, server, 'forum')
  await publishPost(page, server, author, 'A drawn forum card')

  const hero = (options: BrowserContextOptions) =>
    browser.newContext({ ...options, javaScriptEnabled: false }).then(async (context) => {
      const drawnPage = await context.newPage()
      await drawnPage.goto(`${server.url}/forum`)
      const figures = {
        title: await drawnPage.locator('h1').textContent(),
        lang: await drawnPage.locator('html').getAttribute('lang'),
        documentTitle: await drawnPage.title(),
        card: await drawnPage.locator('.post-card__title').first().textContent(),
      }
      await context.close()
      return figures
    })
  // The browser's language…
  expect(await hero({ locale: 'en-US' })).toEqual({
    title: 'Community Forum',
    lang: 'en',
    documentTitle: 'Community Forum · Agora',
    card: expect.stringContaining('A drawn forum card'),
  })
  expect(await hero({ locale: 'zh-CN' })).toMatchObject({
    title: '社区论坛',
    lang: 'zh-CN',
    documentTitle: '社区论坛 · Agora',
  })

  // …unless the reader chose one in the app, which keeps the choice in a cookie for the server.
  await page.goto('/forum')
  await page.getByRole('button', { name: /Language/ }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('社区论坛')
  const cookies = await page.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('zh')
  // Drawn in Chinese, the page asks for the Chinese texts beside the app's code.
  const chinese = /data-texts-zh="([^"]+)"/.exec(readFileSync(join(WEB_DIST, 'index.html'), 'utf8'))?.[1]
  expect(chinese, 'the build names the Chinese texts').toBeTruthy()
  expect(await askedBeforeTheAppRan(page, chinese!, () => page.reload())).toBe(true)
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('社区论坛')

  await expectSameScreen(browser, `${server.url}/forum`, [
    'h1',
    '.forum-hero__stats',
    '.forum-search__input',
    '.sort-buttons',
    'img.cover',
    '.post-card__title',
  ])
})

test('the home page is drawn in the reader’s language, and the app takes over in place', async ({
  browser,
  server,
}) => {
  test.slow()
  const drawn = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' })
  const serverPage = await drawn.newPage()
  await serverPage.goto(`${server.url}/`)
  await expect(serverPage.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(serverPage.locator('.home-hero__tagline')).toHaveText(/\p{Script=Han}/u)
  await expect(serverPage.getByText('Science Without Boundaries')).toHaveCount(0)
  await drawn.close()

  await expectSameScreen(browser, `${server.url}/`, [
    'h1',
    '.home-hero__tagline',
    '.home-hero__slogans',
    '.home-search input',
  ])
})

test('an address that is no screen answers 404 with the not-found screen drawn, and the app takes over in place', async ({
  browser,
  page,
  server,
}) => {
  expectConsoleErrors(page, /status of 404/) // the browser's note of the page's own 404
  for (const path of ['/nope', '/forum/detail/abc/extra']) {
    const answer = await page.request.get(path)
    expect(answer.status(), path).toBe(404)
    const html = await answer.text()
    expect(html, path).toContain('<meta name="robots" content="noindex">')
    expect(html, path).toContain(`data-first-screen="${path}"`)
    expect(html, path).toContain('Page not found')
  }
  const visit = await page.goto('/nope')
  expect(visit?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
  await expect(page.locator('#static-shell')).toHaveCount(0)
  await expectSameScreen(browser, `${server.url}/nope`, ['h1', '.screen__lead'])
})

test("someone's private post is drawn as not found but for its author, a search and another order by the app alone", async ({
  browser,
  page,
  request,
  server,
}) => {
  const author = await createUser(request, server, 'private')
  const title = 'Unpublished private notes'
  const id = await publishPost(page, server, author, title, 'private')

  // Its author's session reaches the page: 200, the post drawn, and "not found" never on screen.
  const own = await personPage(browser, server, author)
  await own.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { headingsSeen: string[] }).headingsSeen = seen
    new MutationObserver(() => {
      for (const heading of Array.from(document.querySelectorAll('h1')))
        if (!seen.includes(heading.textContent ?? '')) seen.push(heading.textContent ?? '')
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const visit = await own.goto(`/forum/detail/${id}`)
  expect(visit?.status()).toBe(200)
  const drawn = (await visit?.text()) ?? ''
  expect(drawn).toContain(`data-first-screen="/forum/detail/${id}"`)
  expect(drawn).toContain(title)
  expect(drawn).not.toContain('Post not found')
  await expect(own.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(own.locator('#static-shell')).toHaveCount(0) // the app took over from the drawn post
  const headings = await own.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen)
  expect(headings).toContain(title)
  expect(headings).not.toContain('Post not found')

  for (const path of ['/forum?search=graphene', '/forum?sort=recent_desc']) {
    const html = await (await page.request.get(path)).text()
    expect(html, path).not.toContain('data-first-screen')
  }
  // To anyone else the private post is not there: 404 with the post screen's "not found" drawn.
  const secret = await page.request.get(`/forum/detail/${id}`)
  expect(secret.status()).toBe(404)
  const html = await secret.text()
  expect(html).not.toContain(title)
  expect(html).toContain('Post not found')
  await page.goto('/forum?search=graphene')
  await expect(page.getByRole('heading', { level: 2, name: /graphene/ })).toBeVisible()
})

test('a drawn page never stays inert: the app takes over even when a request of the screen hangs, and without the app its links work', async ({
  page,
  browser,
  request,
  server,
}) => {
  const author = await createUser(request, server, 'hang')
  const id = await publishPost(page, server, author, 'A screen whose comments never come')
  // The post's comments never answer: the screen never says it has drawn them.
  const hanging = await browser.newContext()
  const reader = await hanging.newPage()
  await reader.route('**/api/v1/comments/post/**', () => {
    // left unanswered on purpose
  })
  await reader.goto(`${server.url}/forum/detail/${id}`)
  await expect(reader.locator('#static-shell')).toHaveCount(0, { timeout: 15_000 })
  await expect(
    reader.getByRole('heading', { level: 1, name: 'A screen whose comments never come' }),
  ).toBeVisible()
  await reader.getByRole('button', { name: 'Back' }).click()
  await expect(reader).toHaveURL(/\/forum$/)
  await hanging.close()

  // The app's code never loads: after a while the drawn page's links work as links.
  const broken = await browser.newContext()
  const visitor = await broken.newPage()
  await visitor.route('**/assets/*.js', (route) => route.abort())
  await visitor.goto(`${server.url}/forum/detail/${id}`)
  await expect(visitor.locator('#static-shell main')).not.toHaveAttribute('inert', { timeout: 30_000 })
  await broken.close()
})
