/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { waitFor } from '@agora/test-kit'
import type { Page } from '@playwright/test'
import { createUser, expect, expectAccessible, test } from './fixtures'

const PLACEHOLDER = 'Search academic topics, tags, or authors'

/** Scrolls through the page so every scroll reveal has fired, then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
      window.scrollTo(0, y)
      // Each position drawn (two frames), so the reveals' observer sees it however slow the machine.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }
  })
  await expect(page.locator('[data-reveal="waiting"]')).toHaveCount(0)
}

test('home search goes to the forum with the trimmed, encoded query; a blank one does nothing', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agora')
  const search = page.getByRole('searchbox', { name: PLACEHOLDER })
  const placeholder = page.getByTestId('home-search-placeholder')

  // The drawn placeholder (with its blinking cursor) shows only while the field is empty and unfocused.
  await expect(placeholder).toHaveText(PLACEHOLDER)
  await expect(placeholder.locator('.home-search__cursor')).toBeVisible()
  await search.focus()
  await expect(placeholder).toBeHidden()

  await search.fill('   ')
  await search.press('Enter')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '')
  await search.blur()
  await expect(placeholder).toBeHidden()

  await search.fill('  graph neural  ')
  await search.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname === '/forum' && url.search === '?search=graph%20neural')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Forum')

  await page.goto('/')
  await page.getByRole('searchbox', { name: PLACEHOLDER }).fill('C++ & #tags')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL((url) => url.search === '?search=C%2B%2B%20%26%20%23tags')
})

test("'Register Now' goes to /register", async ({ page }) => {
  await page.goto('/')
  const cta = page.getByRole('region', { name: 'Join the Future of Academic Innovation' })
  await cta.getByRole('link', { name: 'Register Now' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/register')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Account')
})

test('the statistics strip shows the figures the API returns, in the reader’s language', async ({
  page,
  request,
  server,
}) => {
  await createUser(request, server, 'stats')
  const response = await request.get(`${server.url}/api/v1/stats`)
  expect(response.ok()).toBe(true)
  const stats = await response.json()
  expect(stats.members).toBeGreaterThanOrEqual(1)

  const expectFigures = async (locale: string, labels: string[]) => {
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
    const values = [stats.members, stats.posts, stats.comments, stats.tokens_earned]
    const strip = page.locator('.home-stats__grid')
    for (const [index, label] of labels.entries()) {
      const figure = strip.locator('.home-stat').nth(index)
      await expect(figure.locator('dt')).toHaveText(label)
      await expect(figure.locator('dd')).toHaveText(compact.format(values[index]))
    }
  }

  await page.goto('/')
  await expectFigures('en', ['Researchers', 'Research Outputs', 'Discussions', 'Tokens earned'])

  await page.evaluate(() => localStorage.setItem('lang', 'zh'))
  await page.reload()
  await expect(page.getByRole('heading', { name: '平台特色' })).toBeAttached()
  await expectFigures('zh-CN', ['研究者', '研究成果', '讨论', '获得代币'])
})

test('the feature cards enter once, staggered; never under reduced motion', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/')
  const cards = page.locator('.home-feature')
  await expect(cards).toHaveText([
    /Token Reward Mechanism/,
    /AI Content Generation/,
    /Academic Community/,
    /Open Discussion/,
  ])
  // Below the fold: waiting, with delays of 100, 200, 300 and 400 ms.
  await expect(cards.first()).toHaveAttribute('data-reveal', 'waiting')
  const delays = await cards.evaluateAll((nodes) =>
    nodes.map((node) => getComputedStyle(node).transitionDelay.split(', ')[0]),
  )
  expect(delays).toEqual(['0.1s', '0.2s', '0.3s', '0.4s'])

  await page.getByRole('heading', { name: 'Platform Features' }).scrollIntoViewIfNeeded()
  await cards.first().scrollIntoViewIfNeeded()
  for (const card of await cards.all()) await expect(card).toHaveAttribute('data-reveal', 'shown')
  // Once shown, scrolling away and back does not replay the entrance.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(cards.first()).toHaveAttribute('data-reveal', 'shown')
  await expect(cards.last()).toHaveCSS('opacity', '1', { timeout: 3000 })

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload()
  for (const card of await cards.all()) await expect(card).toHaveAttribute('data-reveal', 'static')
  await expect(cards.first()).toHaveCSS('opacity', '1')
})

test('title, description, manifest and icons', async ({ page, request, server }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Science Without Boundaries, Value Unlocked · Agora')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Share research, discuss it openly and earn tokens/,
  )
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }).click()
  await expect(page).toHaveTitle('Community Forum · Agora')
  // The home page's own description is replaced by the forum's.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^Browse, search and sort research/,
  )

  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = await (await request.get(`${server.url}${href}`)).json()
  expect(manifest.name).toBe('Agora')
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes)
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons) {
    const file = await request.get(`${server.url}${icon.src}`)
    expect(file.status(), icon.src).toBe(200)
    expect(file.headers()['content-type'], icon.src).toBe(icon.type)
  }
  const favicon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href')
  expect((await request.get(`${server.url}${favicon}`)).headers()['content-type']).toContain('image/svg+xml')
})

// One test per width and theme: each loads, scrolls, checks and photographs the whole page once,
// well inside its time on a busy two-core machine (both themes in one test ran out of it there).
for (const [width, theme] of [
  [375, 'light'],
  [375, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const) {
  test(`home at ${width} px in ${theme} fits without horizontal scroll and passes axe`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 })
    await page.goto('/')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.reload()
    await expect(page.locator('.home-stats__grid')).toHaveAttribute('aria-busy', 'false')
    await scrollThrough(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `${theme} ${width}px`).toBeLessThanOrEqual(0)
    // Contrast is measured on the final colours: every finite animation and transition has ended.
    await waitFor(
      () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
            ),
        ),
      'the entrance animations to end',
    )
    await expectAccessible(page, `${theme} ${width}px`)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: testInfo.outputPath(`home-${width}-${theme}.png`), fullPage: true })
  })
}
