/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { apiPostBy } from './factories'
import {
  type AgoraServer,
  createUser,
  createUsers,
  expect,
  expectAccessible,
  expectConsoleErrors,
  logInWithForm,
  type TestUser,
  test,
} from './fixtures'

/** A 1×1 PNG: the avatar upload only needs a real image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** Chromium reports every 4xx/5xx answer in the console; the tests that provoke one expect that line. */
const FAILED_RESOURCE = /^Failed to load resource/

/** Waits for the own page's profile (after 'Loading user data'). */
async function openMyPage(page: Page, username: string) {
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible()
}

/** Signs in through the login form on /mypage and waits for the own page's profile. */
async function logInToMyPage(page: Page, user: TestUser) {
  await logInWithForm(page, user, '/mypage')
  await openMyPage(page, user.username)
}

/** A new user (createUser), signed in through the login form on /mypage (logInToMyPage). */
async function newUserOnMyPage(page: Page, request: APIRequestContext, server: AgoraServer, prefix: string) {
  const user = await createUser(request, server, prefix)
  await logInToMyPage(page, user)
  return user
}

function modifyAnswer(page: Page, path: string) {
  return page.waitForResponse((response) => response.url().includes(`/api/v1/modify/${path}`))
}

const statValue = (page: Page, stat: string) => page.locator(`.stat-card[data-stat="${stat}"] dd`)

test('username, title, website and bio are edited in place and kept after a reload', async ({
  page,
  request,
  server,
}) => {
  await newUserOnMyPage(page, request, server, 'edit')

  // Username: Enter saves.
  const newName = `ed${randomBytes(3).toString('hex')}`
  await page.getByRole('button', { name: 'Edit Username' }).click()
  const nameInput = page.getByRole('textbox', { name: 'Username' })
  await expect(nameInput).toBeFocused()
  await nameInput.fill(newName)
  await expect(page.getByText(`${newName.length}/20`)).toBeVisible()
  let saved = modifyAnswer(page, 'modify_profile')
  await nameInput.press('Enter')
  // The sign-in name changes: asked first.
  await page
    .getByRole('dialog', { name: 'Change your username?' })
    .getByRole('button', { name: 'Change username' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  expect((await saved).status()).toBe(200)
  await expect(page.getByRole('button', { name: `Account: ${newName}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit Username' })).toBeFocused()

  // Title: Escape cancels, Enter saves.
  await page.getByRole('button', { name: 'Edit Title' }).click()
  const titleInput = page.getByRole('textbox', { name: 'Title' })
  await titleInput.fill('Not this one')
  await titleInput.press('Escape')
  await expect(page.getByText('Not this one')).toHaveCount(0)
  await page.getByRole('button', { name: 'Edit Title' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill('Research fellow')
  saved = modifyAnswer(page, 'modify_title')
  await page.getByRole('textbox', { name: 'Title' }).press('Enter')
  await expect(page.getByText('Research fellow')).toBeVisible()
  expect((await saved).status()).toBe(200)

  // Website.
  await page.getByRole('button', { name: 'Edit Website' }).click()
  const urlInput = page.getByRole('textbox', { name: 'Website' })
  await urlInput.fill('https://lab.example.org')
  saved = modifyAnswer(page, 'modify_url')
  await urlInput.press('Enter')
  await expect(page.getByRole('link', { name: 'lab.example.org' })).toHaveAttribute(
    'href',
    'https://lab.example.org/',
  )
  expect((await saved).status()).toBe(200)

  // Bio: Enter is a new line, Ctrl+Enter saves.
  await page.getByRole('button', { name: 'Edit Bio' }).click()
  const bioInput = page.getByRole('textbox', { name: 'Bio' })
  await bioInput.fill('I study cells.')
  await bioInput.press('Enter')
  await bioInput.pressSequentially('And their clocks.')
  await expect(bioInput).toBeVisible()
  saved = modifyAnswer(page, 'modify_bio')
  await bioInput.press('Control+Enter')
  expect((await saved).status()).toBe(200)

  await page.reload()
  await openMyPage(page, newName)
  await expect(page.getByText('Research fellow')).toBeVisible()
  await expect(page.getByRole('link', { name: 'lab.example.org' })).toBeVisible()
  await expect(page.locator('.mypage-bio')).toHaveText('I study cells.\nAnd their clocks.')

  // The public profile shows the same.
  await page.getByRole('link', { name: 'See your public profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  await expect(page.getByText('I study cells.')).toBeVisible()
})

test('a save the server refuses or fails is reverted, with the error toast', async ({
  page,
  request,
  server,
}) => {
  const [taken, user] = await createUsers(request, server, 'taken', 'revert')
  await logInToMyPage(page, user)

  // A server failure (stubbed, held until the optimistic value has been seen).
  let answer = () => {}
  const seen = new Promise<void>((resolve) => {
    answer = resolve
  })
  await page.route('**/api/v1/modify/modify_title', async (route) => {
    await seen
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Internal Server Error', code: 'internal' }),
    })
  })
  await page.getByRole('button', { name: 'Edit Title' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill('Doomed title')
  await page.getByRole('textbox', { name: 'Title' }).press('Enter')
  await expect(page.getByText('Doomed title')).toBeVisible()
  answer()
  const toast = page.getByRole('alert').filter({ hasText: 'failed to update title' })
  await expect(toast).toContainText('please try again later')
  await expect(page.getByText('Doomed title')).toHaveCount(0)
  await expect(page.getByText('Add a title')).toBeVisible()
  await page.unroute('**/api/v1/modify/modify_title')

  // A refusal from the real server carries its reason.
  await page.getByRole('button', { name: 'Edit Username' }).click()
  await page.getByRole('textbox', { name: 'Username' }).fill(taken.username)
  await page.getByRole('textbox', { name: 'Username' }).press('Enter')
  await page
    .getByRole('dialog', { name: 'Change your username?' })
    .getByRole('button', { name: 'Change username' })
    .click()
  await expect(page.getByRole('alert').filter({ hasText: 'failed to update username' })).toContainText(
    'already taken',
  )
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()

  await page.getByRole('button', { name: 'Edit Website' }).click()
  await page.getByRole('textbox', { name: 'Website' }).fill('ftp://files.example.org')
  await page.getByRole('textbox', { name: 'Website' }).press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'failed to update url' })).toContainText('http')
  await expect(page.getByText('Add your website')).toBeVisible()

  // Avatar: a non-image never leaves the browser; an image shows at once and is stored.
  const avatarInput = page.getByTestId('avatar-input')
  await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid file type' })).toContainText(
    'Please upload an image file (PNG, JPEG, etc.)',
  )
  const avatarSaved = modifyAnswer(page, 'modify_avatar')
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG })
  expect((await avatarSaved).status()).toBe(200)
  await expect(page.getByRole('button', { name: 'Change avatar' }).locator('img')).toHaveAttribute(
    'src',
    /^\/api\/v1\/files\//,
  )

  await page.reload()
  await openMyPage(page, user.username)
  await expect(page.getByText('Add a title')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change avatar' }).locator('img')).toBeVisible()
  expectConsoleErrors(page, FAILED_RESOURCE)
})

test('turning Public Profile off in Settings hides the profile from everyone else', async ({
  page,
  request,
  server,
  browser,
}) => {
  const user = await newUserOnMyPage(page, request, server, 'priv')
  await page.getByRole('button', { name: 'Edit Bio' }).click()
  await page.getByRole('textbox', { name: 'Bio' }).fill('My secret research agenda.')
  const bioSaved = modifyAnswer(page, 'modify_bio')
  await page.getByRole('textbox', { name: 'Bio' }).press('Control+Enter')
  await bioSaved

  // The panel: a dialog that keeps focus, moves with the pointer and stays on screen.
  await page.setViewportSize({ width: 1280, height: 1000 })
  const opener = page.getByRole('button', { name: 'Settings', exact: true })
  await opener.click()
  const panel = page.getByRole('dialog', { name: 'Settings' })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('switch', { name: 'Public Posts' })).toBeFocused()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    expect(await panel.evaluate((node) => node.contains(document.activeElement))).toBe(true)
  }
  const before = (await panel.boundingBox())!
  const header = panel.locator('.settings-panel__header')
  const grip = (await header.boundingBox())!
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2)
  await page.mouse.down()
  await page.mouse.move(grip.x + grip.width / 2 - 120, grip.y + grip.height / 2 + 40, { steps: 5 })
  await page.mouse.up()
  const moved = (await panel.boundingBox())!
  expect(Math.round(moved.x)).toBe(Math.round(before.x - 120))
  expect(Math.round(moved.y)).toBe(Math.round(before.y + 40))
  await page.mouse.move(moved.x + 40, moved.y + 20)
  await page.mouse.down()
  await page.mouse.move(-500, -500, { steps: 5 })
  await page.mouse.up()
  const clamped = (await panel.boundingBox())!
  expect(clamped.x).toBeGreaterThanOrEqual(0)
  expect(clamped.y).toBeGreaterThanOrEqual(0)

  const publicProfile = panel.getByRole('switch', { name: 'Public Profile' })
  await expect(publicProfile).toBeChecked()
  const settingsSaved = modifyAnswer(page, 'modify_settings')
  await publicProfile.click()
  await expect(publicProfile).not.toBeChecked()
  expect((await settingsSaved).status()).toBe(200)

  // Contact edits not saved yet go out when the panel closes.
  await panel.getByLabel('Phone').fill('+44 20 7946 0000')
  const phoneSaved = modifyAnswer(page, 'modify_phone')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(opener).toBeFocused()
  expect((await phoneSaved).status()).toBe(200)
  await expect(page.getByText('+44 20 7946 0000')).toBeVisible()

  // Someone else (signed out) sees the notice and none of the profile.
  const stranger = await browser.newContext({ baseURL: server.url })
  const other = await stranger.newPage()
  await other.goto(`/author/${user.id}`)
  await expect(other.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  await expect(other.getByText('Profile Hidden')).toBeVisible()
  await expect(other.getByText('This user has chosen to keep their profile private.')).toBeVisible()
  await expect(other.getByText('My secret research agenda.')).toHaveCount(0)
  await other.getByRole('tab', { name: 'Statistics' }).click()
  await expect(other.getByText('Statistics Hidden')).toBeVisible()
  // Arrow keys move along the tabs.
  await other.keyboard.press('ArrowLeft')
  await expect(other.getByRole('tab', { name: 'Activity' })).toBeFocused()
  await expect(other.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
  // Reviews are open peer review: public on a hidden profile too, as on the posts they judge.
  await other.keyboard.press('ArrowLeft')
  await expect(other.getByRole('tab', { name: 'Reviews' })).toBeFocused()
  await other.keyboard.press('ArrowLeft')
  await expect(other.getByRole('tabpanel')).toContainText('Liked by')
  await expect(other.getByText('No posts liked yet')).toBeVisible()
  await stranger.close()

  // The owner still sees it all, with a note, and the switch stays off after a reload.
  await page.goto(`/author/${user.id}`)
  await expect(page.getByText('My secret research agenda.')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'About' }).getByText('Only you can see this section'),
  ).toBeVisible()
  await page.goto('/mypage')
  await openMyPage(page, user.username)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('switch', { name: 'Public Profile' })).not.toBeChecked()
})

test('the counters on /mypage move when a post is liked in another tab', async ({
  page,
  context,
  request,
  server,
}) => {
  const [author, user] = await createUsers(request, server, 'auth', 'liker')
  // After this the request context carries the author's cookies: no more registering through it.
  const postId = await apiPostBy(request, server, author, {
    title: 'A post worth a like',
    summary: 'A post to like',
    tags: 'e2e',
  })
  await logInToMyPage(page, user)
  await expect(statValue(page, 'likes')).toHaveText('0')
  // Real focus and blur events when the tabs change places (Playwright otherwise keeps every page focused).
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false })

  const other = await context.newPage()
  await other.bringToFront()
  await other.goto(`/forum/detail/${postId}`)
  const like = other.getByRole('button', { name: /^Like, 0 likes$/ })
  const liked = other.waitForResponse((response) => response.url().endsWith(`/media/${postId}/like`))
  await like.click()
  expect((await liked).status()).toBe(200)
  await expect(other.getByRole('button', { name: /^Like, 1 like$/ })).toHaveAttribute('aria-pressed', 'true')

  // Back to the first tab: no reload, the page reads the counts again on focus.
  const reloaded = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/me'))
  await page.bringToFront()
  await reloaded
  await expect(statValue(page, 'likes')).toHaveText('1')
  await page.getByRole('tab', { name: 'Likes' }).click()
  await expect(page.getByRole('link', { name: 'A post worth a like' })).toBeVisible()
  await page.getByRole('tab', { name: 'Statistics' }).click()
  await expect(statValue(page, 'likes')).toHaveText('1')
  await expect(page.getByText('1 point', { exact: false })).toBeVisible()
})

test('signing out in another tab shows the login card; signing in there brings the profile back', async ({
  page,
  context,
  request,
  server,
}) => {
  const user = await newUserOnMyPage(page, request, server, 'tabs')

  const other = await context.newPage()
  await other.goto('/forum')
  await other.getByRole('button', { name: `Account: ${user.username}` }).click()
  await other.getByRole('menuitem', { name: 'Log out' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'My Page' })).toBeVisible()
  await expect(page.locator('.sign-in-screen').getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  // The page is its own login screen: the shell's login pop-up does not open on top of it.
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toHaveCount(0)

  await logInWithForm(other, user, '/forum')
  // The profile comes back by itself (whether 'Loading user data' is caught on the way depends on
  // timing; the in-page sign-in test below checks that screen).
  await openMyPage(page, user.username)
})

test('a signed-out visitor on /mypage signs in on the page itself', async ({ page, request, server }) => {
  const user = await createUser(request, server, 'inpage')
  await page.goto('/mypage')
  const card = page.locator('.sign-in-screen')
  await expect(card.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  await card.getByLabel('Username').fill(user.username)
  await card.getByLabel('Password', { exact: true }).fill(user.password)
  await card.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Loading user data')).toBeVisible()
  await openMyPage(page, user.username)
  // The own lists' empty states lead on.
  await page.getByRole('tab', { name: 'Posts' }).click()
  await expect(page.getByText('Create Your First Post')).toBeVisible()
  await page.getByRole('tab', { name: 'Comments' }).click()
  await page.getByRole('link', { name: 'Browse Posts' }).click()
  await expect(page).toHaveURL(/\/forum$/)
})

test('an unknown author gives the error screen with Retry and Back', async ({ page }) => {
  expectConsoleErrors(page, /status of 404/) // the browser's note of the unknown author's answers
  await page.goto('/forum')
  await page.goto('/author/00000000-0000-4000-8000-000000000000')
  await expect(page.getByText('Failed to load author data')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/forum$/)
})

test('the author page and the own page pass automated accessibility checks in both themes', async ({
  page,
  request,
  server,
}) => {
  // Eight axe runs over full pages: past a minute on a slow or busy machine (it timed out once in CI
  // at 1.1 min and passed on its retry in 38 s).
  test.slow()
  const check = (label: string) => expectAccessible(page, label)
  const author = await createUser(request, server, 'axe')
  await apiPostBy(request, server, author, {
    title: 'Checked for contrast',
    summary: 'A post to like',
    tags: 'e2e',
  })
  await logInWithForm(page, author, '/mypage')
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.goto('/mypage?tab=statistics')
    await openMyPage(page, author.username)
    await expect(page.getByText('Activity, last 30 days')).toBeVisible()
    await check(`${theme} /mypage statistics`)
    await page.getByRole('tab', { name: 'Posts' }).click()
    await expect(page.getByRole('link', { name: 'Checked for contrast' })).toBeVisible()
    await page.getByRole('button', { name: 'Edit Title' }).click()
    await check(`${theme} /mypage posts, editing`)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
    await check(`${theme} settings panel`)
    await page.keyboard.press('Escape')
    await page.goto(`/author/${author.id}?tab=posts`)
    await expect(page.getByRole('link', { name: 'Checked for contrast' })).toBeVisible()
    await check(`${theme} /author posts`)
  }

  // Nothing scrolls sideways on a phone (the tab list scrolls within itself).
  await page.setViewportSize({ width: 375, height: 740 })
  for (const path of [`/author/${author.id}`, '/mypage?tab=statistics']) {
    await page.goto(path)
    await expect(page.getByRole('tablist')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
  }
})
