/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { randomBytes } from 'node:crypto'
import { createUser, expect, expectConsoleErrors, test } from './fixtures'

const uniqueName = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`

test('register → reload → still logged in → logout → login', async ({ page }) => {
  const username = uniqueName('ada')
  const password = 'correct horse battery'

  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Email (optional)').fill(`${username}@example.org`)
  await page.getByRole('button', { name: 'Register', exact: true }).click()

  const account = page.getByRole('button', { name: `Account: ${username}` })
  await expect(account).toBeVisible()
  // A new member lands on their own page's welcome, with next steps.
  await expect(page).toHaveURL(/\/mypage\?welcome=1$/)
  await expect(page.getByText('Welcome to Agora')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Upload your first work' })).toHaveAttribute('href', '/upload')
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('Welcome to Agora')).toHaveCount(0)
  await expect(page).toHaveURL(/\/mypage$/)
  // Secure mode: the token is an HttpOnly cookie; local storage holds only the mode and expiry.
  const stored = await page.evaluate(() => ({ ...localStorage }))
  expect(stored.auth_mode).toBe('secure')
  expect(Number(stored.token_expiry)).toBeGreaterThan(Date.now())
  expect(stored.access_token).toBeUndefined()
  const basic = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_basic_info') ?? 'null'))
  expect(basic).toMatchObject({ username, publicProfile: expect.any(Boolean) })

  await page.reload()
  await expect(account).toBeVisible()

  await account.click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_mode'))).toBeNull()
  expect(await page.evaluate(() => sessionStorage.getItem('user_basic_info'))).toBeNull()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()

  await page.getByRole('button', { name: 'Login' }).click()
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Username')).toBeFocused()
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  await expect(dialog).toBeHidden()
  await expect(account).toBeVisible()
})

test("a wrong password shows 'Invalid username or password'", async ({ page, request, server }) => {
  expectConsoleErrors(page, /status of 401/) // the browser's note of the refused sign-in
  const user = await createUser(request, server, 'pw')
  await page.goto('/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_mode'))).toBeNull()
})

test('registration failure shows the generic sentence and the server reason', async ({
  page,
  request,
  server,
}) => {
  expectConsoleErrors(page, /status of 409/) // the browser's note of the taken name's refusal
  const taken = await createUser(request, server, 'taken')
  await page.goto('/register')
  await page.getByLabel('Username').fill(taken.username)
  await page.getByLabel('Password', { exact: true }).fill('another password')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Registration failed, please try again')
  await expect(alert).toContainText('That username is already taken')
})

test('the form checks required fields, and switching mode clears fields and error', async ({ page }) => {
  expectConsoleErrors(page, /status of 401/) // the browser's note of the refused sign-in
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Please enter a username')).toBeVisible()
  await expect(page.getByLabel('Username')).toBeFocused()
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('wrong password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password')

  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await expect(page.getByLabel('Username')).toHaveValue('')
  // The new screen starts in its first field (the layout does not pull focus away to <main>).
  await expect(page.getByLabel('Username')).toBeFocused()
  await expect(page.getByRole('alert')).toBeEmpty()
  await expect(page.getByLabel('Email (optional)')).toHaveAttribute('type', 'email')
  await expect(page.getByLabel('Phone (optional)')).toHaveAttribute('type', 'tel')
})

test('the login modal traps focus, closes on Escape and gives focus back', async ({ page }) => {
  await page.goto('/forum')
  const opener = page.getByRole('button', { name: 'Login' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' })
  await expect(dialog).toBeVisible()
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('logging out in one tab opens the login prompt in another', async ({ page, context }) => {
  const username = uniqueName('tab')
  await page.goto('/register')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('two tabs password')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(page.getByRole('button', { name: `Account: ${username}` })).toBeVisible()

  const other = await context.newPage()
  await other.goto('/forum')
  await expect(other.getByRole('button', { name: `Account: ${username}` })).toBeVisible()

  await page.getByRole('button', { name: `Account: ${username}` }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(other.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible()
  await expect(other.getByRole('button', { name: 'Login' })).toBeVisible()
})
