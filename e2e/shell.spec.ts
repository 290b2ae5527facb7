/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import {
  createUser,
  expect,
  expectAccessible,
  expectConsoleErrors,
  networkQuiet,
  person,
  test,
} from './fixtures'

const screens = [
  { path: '/', title: 'Agora' },
  { path: '/upload', title: 'Decentralized Storage on IPFS' },
  { path: '/token', title: 'Token Management' },
  { path: '/forum', title: 'Community Forum' },
  { path: '/forum?search=graphene', title: 'Community Forum' },
  // No such post or page: the screen says so, and the browser logs the 404 of the page and the API.
  { path: '/forum/detail/00000000-0000-7000-8000-000000000000', title: null, missing: true },
  { path: '/author/{authorId}', title: null },
  { path: '/mypage', title: null },
  { path: '/test-liked', title: null },
  { path: '/login', title: 'Welcome Back' },
  { path: '/register', title: 'Create Account' },
  { path: '/no-such-page', title: 'Page not found', missing: true },
]

// One test a screen: each loads one page, so none runs near the time limit and workers share them.
for (const screen of screens) {
  test(`${screen.path} renders without console errors`, async ({ page, request, server }) => {
    const path = screen.path.includes('{authorId}')
      ? screen.path.replace('{authorId}', (await createUser(request, server, 'author')).id)
      : screen.path
    await page.goto(path)
    const heading = page.getByRole('heading', { level: 1 }).first()
    await expect(heading).toBeVisible()
    if (screen.title) await expect(heading).toHaveText(screen.title)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
    await networkQuiet(page)
    if (screen.missing) expectConsoleErrors(page, /status of 404/)
  })
}

// Every page a test makes is checked for console errors at the test's end (fixtures.ts): shown failing
// on an unexpected one, and passing over an expected one and nothing else.
test('an unexpected console error on the page fails the test at its end', async ({ page, consoleErrors }) => {
  test.fail() // by the page fixture's check alone: every assertion of the body passes
  await page.goto('/')
  await page.evaluate(() => console.error('an unexpected error'))
  await expect.poll(() => consoleErrors).toEqual(['an unexpected error'])
})

test('an unexpected console error on a page personPage made fails the test at its end too', async ({
  browser,
  request,
  server,
}) => {
  test.fail() // by the check alone, as above
  const { page } = await person(browser, request, server, 'noisy')
  const logged = page.waitForEvent('console')
  await page.evaluate(() => console.error('an unexpected error'))
  expect((await logged).text()).toBe('an unexpected error')
})

test('an expected console error is passed over by the check, and only it', async ({
  page,
  consoleErrors,
}) => {
  expectConsoleErrors(page, /^an expected error$/)
  await page.goto('/')
  await page.evaluate(() => console.error('an expected error'))
  await expect.poll(() => consoleErrors).toEqual(['an expected error'])
})

test('header links navigate and mark the current page', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Forum' }).click()
  await expect(page).toHaveURL(/\/forum$/)
  await expect(nav.getByRole('link', { name: 'Forum' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
  for (const [name, path] of [
    ['Upload', '/upload'],
    ['Tokens', '/token'],
    ['MyPage', '/mypage'],
    ['Home', '/'],
  ]) {
    await nav.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
})

test('theme choice applies at once and survives a reload; auto follows the system live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveClass(/\blight\b/)

  await page.getByRole('button', { name: /Theme Settings/ }).click()
  await expect(page.getByRole('menu', { name: 'Theme Settings' })).toBeVisible()
  await page.getByRole('menuitemradio', { name: 'Dark' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('menu')).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  // The class is there before any module runs: the pre-paint script set it.
  expect(await page.evaluate(() => document.documentElement.className)).toContain('dark')

  await page.getByRole('button', { name: /Theme Settings/ }).click()
  await page.getByRole('menuitemradio', { name: /Auto/ }).click()
  await expect(html).toHaveClass(/\blight\b/)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveClass(/\blight\b/)
})

test('the Theme Settings dropdown closes on Escape and outside click, and works by keyboard', async ({
  page,
}) => {
  await page.goto('/')
  const trigger = page.getByRole('button', { name: /Theme Settings/ })
  const menu = page.getByRole('menu', { name: 'Theme Settings' })

  await trigger.click()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  await trigger.click()
  await page.getByRole('heading', { level: 1 }).click()
  await expect(menu).toBeHidden()

  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  // Focus starts on the current choice (auto), then arrows move through the options.
  await expect(page.getByRole('menuitemradio', { name: /Auto/ })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the hamburger menu holds the links and the theme and language controls', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The bar's own links are hidden at this width.
    await expect(page.getByRole('link', { name: 'Forum' })).toBeHidden()

    await toggle.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    const menu = page.locator('#site-menu')
    for (const name of ['Home', 'Forum', 'Upload', 'Tokens', 'MyPage']) {
      await expect(menu.getByRole('link', { name })).toBeVisible()
    }
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await expect(menu.getByRole('group', { name: 'Theme Settings' })).toBeVisible()
    await expect(menu.getByRole('group', { name: 'Language' })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('radio', { name: 'Dark' }).check()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await menu.getByRole('link', { name: 'Forum' }).click()
    await expect(page).toHaveURL(/\/forum$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Forum')

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test('the language switch changes texts without a reload and is remembered', async ({ page }) => {
  await page.goto('/forum')
  const marker = await page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
    return document.documentElement.lang
  })
  expect(marker).toBe('en')
  await page.getByRole('button', { name: /^Language/ }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('社区论坛')
  await expect(
    page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }),
  ).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('社区论坛')
  await page.getByRole('button', { name: /^语言/ }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Forum')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('footer links without a destination say so in a toast that can be closed', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Agora`)
  await footer.getByRole('button', { name: 'Terms of Use' }).click()
  const toast = page.getByRole('status').filter({ hasText: 'Terms of Use is not available yet' })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Close notification' }).click()
  await expect(toast).toBeHidden()
})

test('a screen that fails to load reloads once, then shows the error screen; Retry clears it', async ({
  page,
}) => {
  expectConsoleErrors(page, /net::ERR_FAILED/) // the browser's note of the screen's file, refused by the test
  const screenChunk = /\/assets\/ForumListPage-[\w-]+\.js$/
  let documentLoads = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1
  })
  await page.route(screenChunk, (route) => route.abort())
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }).click()
  // First failure: a full reload of /forum (fresh chunk names after a deploy); second: the error screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible()
  expect(documentLoads).toBe(2)
  await expect(page).toHaveURL(/\/forum$/)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()

  // The network is back: Retry clears the error and shows the screen.
  await page.unroute(screenChunk)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Forum')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Decentralized Storage on IPFS')
})

// One test per theme: both in one test ran past its minute on a loaded CI machine (passed on retry).
for (const theme of ['light', 'dark']) {
  test(`the shell passes automated accessibility checks in the ${theme} theme`, async ({ page }) => {
    const check = (label: string) => expectAccessible(page, label)
    await page.goto('/login')
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    await check(`${theme} /login`)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Please enter a username')).toBeVisible()
    await check(`${theme} /login with errors`)

    await page.getByRole('button', { name: /Theme Settings/ }).click()
    await check(`${theme} theme menu`)
    await page.keyboard.press('Escape')

    await page.setViewportSize({ width: 375, height: 740 })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await check(`${theme} mobile menu`)
  })
}
