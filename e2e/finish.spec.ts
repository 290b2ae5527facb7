/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  type AgoraServer,
  test as base,
  expect,
  expectAccessible,
  expectConsoleErrors,
  loginViaApi,
  networkQuiet,
  startServer,
  workerServer,
} from './fixtures'

/** Where the sweep writes a screenshot of every route at every width in both themes (not committed). */
const SCREENSHOTS = fileURLToPath(new URL('./.tmp/screenshots/', import.meta.url))
/**
 * The full-page pictures are for a person to look through (E2E_SCREENSHOTS=1); nothing asserts on
 * them, and the 130 of them cost a CI run minutes.
 */
const PHOTOGRAPH = process.env.E2E_SCREENSHOTS === '1'

const DEMO_PASSWORD = 'agora-demo-2026'
const LOCALES = fileURLToPath(new URL('../apps/web/src/i18n/locales/', import.meta.url))
const THEMES = ['light', 'dark'] as const
/** Axe runs at these widths, screenshots at these, and the page may not scroll sideways at these. */
const AXE_WIDTHS = [375, 1280]
const SHOT_WIDTHS = [375, 768, 1280]
const FIT_WIDTHS = [360, 1440]
const WIDTHS = [...new Set([...FIT_WIDTHS, ...AXE_WIDTHS, ...(PHOTOGRAPH ? SHOT_WIDTHS : [])])].sort(
  (a, b) => a - b,
)

// The demo forum (the same seeding `npm start` runs) gives every screen real content to show.
const test = base.extend<object, { server: AgoraServer }>({
  server: workerServer(() => startServer({ AGORA_DEMO: '1' })),
})

interface Screen {
  /** File name stem of its screenshots. */
  name: string
  path: string
  /** The document title the screen must set. */
  title: string | RegExp
  /** It has no description of its own: index.html's site-wide one stays. */
  siteDescription?: true
}

/** The start of index.html's description, which every screen but the generic ones replaces. */
const SITE_DESCRIPTION = /^Agora links academic thoughts/

interface DemoPost {
  id: string
  title: string
  user_id: string
  author: string
  media: { kind: string }[]
}

async function demoPosts(request: APIRequestContext, server: AgoraServer): Promise<DemoPost[]> {
  const response = await request.get(`${server.url}/api/v1/media/list?limit=50`)
  expect(response.ok()).toBe(true)
  return (await response.json()).items
}

/** Waits until the screen has its heading and nothing is loading any more. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await networkQuiet(page)
  await expect(page.locator('.loading')).toHaveCount(0)
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/**
 * One screen in place: both themes (the page follows the emulated system scheme), every width; axe
 * at 375 and 1280 px, no sideways scroll at 360 and 1440 px, a full-page screenshot at 375/768/1280 px.
 */
async function sweep(page: Page, screen: Screen, problems: string[]) {
  await expect.soft(page, screen.path).toHaveTitle(screen.title)
  const description = page.locator('meta[name="description"]')
  if (screen.siteDescription)
    await expect.soft(description, screen.path).toHaveAttribute('content', SITE_DESCRIPTION)
  else await expect.soft(description, screen.path).not.toHaveAttribute('content', SITE_DESCRIPTION)
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 })
      // The device class follows the width in a React update: measure after it has painted.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      )
      const label = `${screen.path} ${theme} ${width}px`
      if (FIT_WIDTHS.includes(width)) {
        const overflow = await horizontalOverflow(page)
        if (overflow > 0) problems.push(`${label}: scrolls ${overflow} px sideways`)
      }
      // Collected rather than thrown, so one run names every screen's violations.
      if (AXE_WIDTHS.includes(width))
        await expectAccessible(page, label).catch((error: Error) => problems.push(error.message))
      if (PHOTOGRAPH && SHOT_WIDTHS.includes(width))
        await page.screenshot({ path: `${SCREENSHOTS}${screen.name}-${width}-${theme}.png`, fullPage: true })
    }
  }
}

/** Every control of the mobile header, and of its open menu, is at least 40 px each way. */
async function expectMobileTouchTargets(page: Page) {
  await page.setViewportSize({ width: 375, height: 740 })
  const sizes = async () =>
    page.locator('header a:visible, header button:visible, header label:visible').evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect()
        return { control: node.textContent?.trim() || node.getAttribute('aria-label'), box }
      }),
    )
  const tooSmall = (controls: Awaited<ReturnType<typeof sizes>>) =>
    controls.filter(({ box }) => box.width < 40 || box.height < 40).map(({ control }) => control)
  expect(tooSmall(await sizes()), 'header bar').toEqual([])
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#site-menu')).toBeVisible()
  expect(tooSmall(await sizes()), 'open menu').toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.locator('#site-menu')).toBeHidden()
}

async function visit(page: Page, screen: Screen, problems: string[]) {
  await page.goto(screen.path)
  await settle(page)
  await sweep(page, screen, problems)
}

/** The header's touch targets as the visitor is (signed in or not), then each screen. */
async function visitAll(page: Page, screens: Screen[], problems: string[]) {
  await page.goto('/')
  await settle(page)
  await expectMobileTouchTargets(page)
  for (const screen of screens) await visit(page, screen, problems)
}

test.describe('every route passes axe in both themes, fits from 360 to 1440 px, and is photographed', () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(240_000)
    mkdirSync(SCREENSHOTS, { recursive: true })
    // Still pictures: scroll reveals show at once and particles draw one frame, so axe measures final colours.
    await page.emulateMedia({ reducedMotion: 'reduce' })
  })

  test('signed out', async ({ page, request, server }) => {
    const posts = await demoPosts(request, server)
    const imagePost = posts.find((post) => post.media[0]?.kind === 'image')
    const documentPost = posts.find((post) => post.media[0]?.kind === 'document')
    if (!imagePost || !documentPost) throw new Error('the demo forum has no image or document post')
    const missing = '00000000-0000-7000-8000-000000000000'
    const problems: string[] = []
    await visitAll(
      page,
      [
        { name: 'home', path: '/', title: 'Science Without Boundaries, Value Unlocked · Agora' },
        { name: 'forum', path: '/forum', title: 'Community Forum · Agora' },
        { name: 'post-image', path: `/forum/detail/${imagePost.id}`, title: `${imagePost.title} · Agora` },
        {
          name: 'post-document',
          path: `/forum/detail/${documentPost.id}`,
          title: `${documentPost.title} · Agora`,
        },
        { name: 'post-missing', path: `/forum/detail/${missing}`, title: 'Post not found · Agora' },
        { name: 'author', path: `/author/${imagePost.user_id}`, title: /^(?!Author Profile).+ · Agora$/ },
        { name: 'login', path: '/login', title: 'Welcome Back · Agora' },
        { name: 'register', path: '/register', title: 'Create Account · Agora' },
        { name: 'mypage-signed-out', path: '/mypage', title: 'My Page · Agora' },
        { name: 'not-found', path: '/no-such-page', title: 'Page not found · Agora', siteDescription: true },
      ],
      problems,
    )
    // The missing post logs the API's 404; nothing else may log an error.
    expectConsoleErrors(page, /status of 404/)
    expect(problems).toEqual([])
  })

  test('signed in, with every tab of My page', async ({ page, request, server }) => {
    const ada = (await demoPosts(request, server)).find((post) => post.author === 'ada_lab')
    if (!ada) throw new Error('the demo forum has no post by ada_lab')
    await loginViaApi(page, server, { id: ada.user_id, username: 'ada_lab', password: DEMO_PASSWORD })
    const problems: string[] = []
    await visitAll(
      page,
      [
        { name: 'upload', path: '/upload', title: 'Decentralized Storage on IPFS · Agora' },
        { name: 'token', path: '/token', title: 'Token Management · Agora' },
        { name: 'test-liked', path: '/test-liked', title: 'Liked Posts Test · Agora' },
        { name: 'mypage', path: '/mypage', title: 'My Page · Agora' },
      ],
      problems,
    )
    // Each further tab, whatever tabs there are, reached by the tab list's arrow keys.
    const tabs = page.getByRole('tablist').first().getByRole('tab')
    const tabCount = await tabs.count()
    expect(tabCount).toBeGreaterThan(1)
    await tabs.first().focus()
    for (let index = 1; index < tabCount; index++) {
      await page.keyboard.press('ArrowRight')
      await expect(tabs.nth(index)).toBeFocused()
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true')
      await settle(page)
      const tab = new URL(page.url()).searchParams.get('tab')
      await sweep(
        page,
        { name: `mypage-${tab}`, path: `/mypage?tab=${tab}`, title: 'My Page · Agora' },
        problems,
      )
    }
    expect(problems).toEqual([])
  })

  test('the error screen', async ({ page }) => {
    // A screen whose code cannot load (twice: the first failure reloads the page).
    await page.route(/\/assets\/ForumListPage-[\w-]+\.js$/, (route) => route.abort())
    await page.goto('/forum')
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible({ timeout: 30_000 })
    const problems: string[] = []
    await sweep(
      page,
      { name: 'error', path: '/forum (failed)', title: 'Error · Agora', siteDescription: true },
      problems,
    )
    expectConsoleErrors(page, /ERR_FAILED|Failed to fetch dynamically imported module/)
    expect(problems).toEqual([])
  })
})

test('the particle background runs only on screen with the tab visible, and stands still under reduced motion', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const canvas = page.locator('.home-hero .particles canvas')
  await expect(canvas).toHaveAttribute('data-motion', 'running')

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(canvas).toHaveAttribute('data-motion', 'still')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(canvas).toHaveAttribute('data-motion', 'running')

  // Another tab in front: the page is hidden.
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value })
      document.dispatchEvent(new Event('visibilitychange'))
    }, hidden)
  await setHidden(true)
  await expect(canvas).toHaveAttribute('data-motion', 'still')
  await setHidden(false)
  await expect(canvas).toHaveAttribute('data-motion', 'running')

  // A page opened with the reduced-motion wish never starts the loop.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  await expect(canvas).toHaveAttribute('data-motion', 'still')
})

test('keyboard: every header control shows where focus is, and the language menu works by keys', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.locator('body').focus()
  const ringless: string[] = []
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const node = document.activeElement as HTMLElement | null
      if (!node?.closest('header, .skip-link')) return null
      const style = getComputedStyle(node)
      const ring =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
      return { name: node.getAttribute('aria-label') || node.textContent?.trim() || node.tagName, ring }
    })
    if (focused && !focused.ring) ringless.push(focused.name)
  }
  expect(ringless).toEqual([])

  const language = page.getByRole('button', { name: /^Language/ })
  await language.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByRole('button', { name: /^语言/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

/** Every English interface text whose Chinese differs (so it must not show in Chinese), one a line. */
function englishOnlyTexts(): Set<string> {
  const texts = new Set<string>()
  const walk = (en: unknown, zh: unknown) => {
    if (typeof en === 'string') {
      if (en !== zh && !en.includes('{{')) texts.add(en.trim())
    } else if (en && typeof en === 'object') {
      for (const [key, inner] of Object.entries(en)) walk(inner, (zh as Record<string, unknown>)?.[key])
    }
  }
  for (const file of readdirSync(`${LOCALES}en`)) {
    const read = (language: string) => JSON.parse(readFileSync(`${LOCALES}${language}/${file}`, 'utf8'))
    walk(read('en'), read('zh'))
  }
  return texts
}

test('in Chinese every screen is translated, fits at 360 px and keeps its language after navigation', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  expectConsoleErrors(page, /status of 404/) // the browser's note of /no-such-page, which answers 404
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
  const english = englishOnlyTexts()
  const [post] = await demoPosts(request, server)
  await page.goto('/')
  // The app's own switch, not storage: the choice must take without a reload and then stay.
  await page.getByRole('button', { name: /^Language/ }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page).toHaveTitle('科学无国界，价值被释放 · Agora')

  const problems: string[] = []
  const screens = [
    { name: 'home', path: '/' },
    { name: 'forum', path: '/forum' },
    { name: 'post', path: `/forum/detail/${post.id}` },
    { name: 'author', path: `/author/${post.user_id}` },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'upload', path: '/upload' },
    { name: 'token', path: '/token' },
    { name: 'mypage', path: '/mypage' },
    { name: 'not-found', path: '/no-such-page' },
  ]
  for (const screen of screens) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(screen.path)
    await settle(page)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    // What is shown, one block a line (textContent would include hidden text and run blocks together).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here.
    const lines = await page.evaluate(() => document.body.innerText.split('\n').map((line) => line.trim()))
    const untranslated = [...new Set(lines.filter((line) => english.has(line)))]
    if (untranslated.length > 0) problems.push(`${screen.path} shows English: ${untranslated.join(' | ')}`)
    for (const width of [360, 375]) {
      await page.setViewportSize({ width, height: 740 })
      const overflow = await horizontalOverflow(page)
      if (overflow > 0) problems.push(`${screen.path} at ${width}px scrolls ${overflow} px sideways`)
    }
    if (PHOTOGRAPH)
      await page.screenshot({ path: `${SCREENSHOTS}zh-${screen.name}-375-light.png`, fullPage: true })
  }
  expect(problems).toEqual([])
})

test('the chosen theme is painted before the app’s code runs: no white flash in dark', async ({ page }) => {
  expectConsoleErrors(page, /net::ERR_FAILED/) // the browser's note of the app's code, refused by the test
  // The app's code never arrives: whatever shows is the first paint of index.html and its styles.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort())
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const isDark = (colour: string) => {
    const [red, green, blue] = (colour.match(/\d+/g) ?? []).map(Number)
    return red + green + blue < 3 * 64
  }

  await page.emulateMedia({ colorScheme: 'dark' })
  // A screen the server does not draw: the page fixture's navigations wait for the app to take over
  // from a drawn one (fixtures.ts), and here the app never runs.
  await page.goto('/token')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(isDark(await background())).toBe(true)

  // A stored choice beats the system's.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(isDark(await background())).toBe(true)
  await page.evaluate(() => localStorage.setItem('theme', 'light'))
  await page.reload()
  expect(isDark(await background())).toBe(false)
  await expect(page.locator('#root')).toBeEmpty()
})
