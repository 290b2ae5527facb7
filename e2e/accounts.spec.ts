// Accounts people can keep, in the browser: forgot → mail → reset → signed in; changing
// the password; "sign out everywhere else"; verifying an address; mail settings. Mail goes to a real
// SMTP server started for this file's worker, and its links are followed as a person would.
import { randomBytes } from 'node:crypto'
import { startTestSmtp, type TestSmtp } from '@agora/test-kit/smtp'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import {
  type AgoraServer,
  test as base,
  expect,
  expectAccessible,
  expectConsoleErrors,
  loginViaApi,
  startServer,
  type TestUser,
} from './fixtures'

const PUBLIC_URL = 'http://agora.test'

const test = base.extend<object, { smtp: TestSmtp }>({
  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form.
    async ({}, use) => {
      const smtp = await startTestSmtp()
      await use(smtp)
      await smtp.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtp }, use) => {
      const server = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_MS: '100' })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

/** A new user with a (fresh) e-mail address, registered through the API. */
async function userWithEmail(request: APIRequestContext, server: AgoraServer, prefix: string) {
  const username = `${prefix}${randomBytes(3).toString('hex')}`
  const email = `${username}@example.org`
  const password = 'e2e password 123'
  const response = await request.post(`${server.url}/api/v1/auth/register`, {
    form: { username, password, email },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { id: (await response.json()).id as string, username, password, email }
}

/** A link of a message as the browser opens it on this server: its path and query. */
const pathOf = (link: string) => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

async function signedInContext(browser: Browser, server: AgoraServer, user: TestUser) {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  await loginViaApi(page, server, user)
  return { context, page }
}

/**
 * A new user with an e-mail address (userWithEmail, through `page`'s request context), already
 * signed in in another browser context (`elsewhere`).
 */
async function userSignedInElsewhere(page: Page, browser: Browser, server: AgoraServer, prefix: string) {
  const user = await userWithEmail(page.request, server, prefix)
  return { user, elsewhere: await signedInContext(browser, server, user) }
}

/** Signs `page` in as `user` and opens My page's Account tab. */
async function openAccountTab(page: Page, server: AgoraServer, user: TestUser) {
  await loginViaApi(page, server, user)
  await page.goto('/mypage?tab=account')
}

async function meStatus(request: APIRequestContext, server: AgoraServer) {
  return (await request.get(`${server.url}/api/v1/auth/me`)).status()
}

test('forgot password: the link in the mail opens the reset screen, and a new password signs in', async ({
  page,
  server,
  smtp,
  browser,
}) => {
  const { user, elsewhere } = await userSignedInElsewhere(page, browser, server, 'forgot')

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectAccessible(page, '/forgot-password')
  await page.getByLabel('Username or e-mail address').fill(user.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByText('Check your e-mail.', { exact: false })).toBeVisible()

  const mail = await smtp.waitForMail(user.email, (m) => m.parsed.subject === 'Reset your Agora password')
  await page.goto(pathOf(smtp.linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await expectAccessible(page, '/reset-password')

  // A repetition that differs is caught before anything is sent.
  await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase')
  await page.getByLabel('Repeat the new password').fill('a different one')
  await page.getByRole('button', { name: 'Set the new password' }).click()
  await expect(page.getByText('The two passwords are not the same')).toBeVisible()

  await page.getByLabel('Repeat the new password').fill('a fresh passphrase')
  await page.getByRole('button', { name: 'Set the new password' }).click()
  await expect(page).toHaveURL(/\/mypage\?tab=account$/)
  await expect(page.getByText('Your password was changed. You are signed in.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible()

  // Every other session ended; the old password no longer works, the new one does.
  expect(await meStatus(elsewhere.page.request, server)).toBe(401)
  await elsewhere.context.close()
  const old = await page.request.post(`${server.url}/api/v1/auth/token`, {
    form: { username: user.username, password: user.password },
    headers: { origin: server.url },
  })
  expect(old.status()).toBe(401)

  // The same link again: refused in words.
  await page.goto(pathOf(smtp.linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)))
  await page.getByLabel('New password', { exact: true }).fill('yet another phrase')
  await page.getByLabel('Repeat the new password').fill('yet another phrase')
  await page.getByRole('button', { name: 'Set the new password' }).click()
  await expect(page.getByRole('alert')).toContainText('This link has already been used')
  // The refused link's 400 and the anonymous page's session checks (401) are the browser's own notes.
  expectConsoleErrors(page, /status of 40[01]/)
})

test('changing the password on My page keeps this session and ends the others', async ({
  page,
  server,
  browser,
}) => {
  expectConsoleErrors(page, /status of 400/) // the browser's note of the wrong current password's refusal
  const { user, elsewhere } = await userSignedInElsewhere(page, browser, server, 'change')
  await openAccountTab(page, server, user)
  const section = page.getByRole('region', { name: 'Change your password' })
  await section.getByRole('button', { name: 'Change password' }).click()
  await expect(section.getByText('Enter your current password')).toBeVisible()

  await section.getByLabel('Current password').fill('not my password')
  await section.getByLabel('New password', { exact: true }).fill('a changed passphrase')
  await section.getByLabel('Repeat the new password').fill('a changed passphrase')
  await section.getByRole('button', { name: 'Change password' }).click()
  await expect(section.getByRole('alert')).toContainText('Your current password is not right')

  await section.getByLabel('Current password').fill(user.password)
  await section.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed. 1 other session was signed out.')).toBeVisible()
  await expect(section.getByLabel('Current password')).toHaveValue('')
  expect(await meStatus(page.request, server)).toBe(200)
  expect(await meStatus(elsewhere.page.request, server)).toBe(401)
  await elsewhere.context.close()
})

test('My page lists where one is signed in; "Sign out everywhere else" ends the others', async ({
  page,
  server,
  browser,
}) => {
  const { user, elsewhere: phone } = await userSignedInElsewhere(page, browser, server, 'sessions')
  const laptop = await signedInContext(browser, server, user)
  await openAccountTab(page, server, user)
  const list = page.getByRole('list', { name: 'Where you are signed in' })
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await expect(list.getByText('This device')).toHaveCount(1)
  await expect(list.getByText(/Chrome on \w+/).first()).toBeVisible()
  await expectAccessible(page, 'My page, Account tab')

  // One by its own button, then the rest at once.
  await list
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click()
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText('Signed out 1 other session.')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()
  expect(await meStatus(phone.page.request, server)).toBe(401)
  expect(await meStatus(laptop.page.request, server)).toBe(401)
  expect(await meStatus(page.request, server)).toBe(200)
  await phone.context.close()
  await laptop.context.close()
})

test('the link mailed at registration verifies the address; mail settings choose per kind', async ({
  page,
  server,
  smtp,
}) => {
  const user = await userWithEmail(page.request, server, 'verify')
  await openAccountTab(page, server, user)
  const email = page.getByRole('region', { name: 'E-mail address' })
  await expect(email.getByText('Not verified')).toBeVisible()

  const mail = await smtp.waitForMail(
    user.email,
    (m) => m.parsed.subject === 'Confirm your e-mail address for Agora',
  )
  await page.goto(pathOf(smtp.linkIn(mail, `${PUBLIC_URL}/verify-email?token=`)))
  await expect(page.getByText(`${user.email} is verified`)).toBeVisible()
  await page.getByRole('link', { name: 'Your account on My page' }).click()
  await expect(page.getByRole('region', { name: 'E-mail address' }).getByText('Verified')).toBeVisible()

  await page.goto('/notifications')
  const byMail = page.getByRole('region', { name: 'By e-mail' })
  await expect(byMail.getByText(`Mail goes to ${user.email}.`)).toBeVisible()
  const likes = byMail.getByLabel('Likes on my posts and comments')
  await expect(likes).toHaveValue('off')
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/notifications/mail') && response.request().method() === 'PUT',
  )
  await likes.selectOption('weekly')
  expect((await saved).status()).toBe(200)
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'By e-mail' }).getByLabel('Likes on my posts and comments'),
  ).toHaveValue('weekly')
  await expectAccessible(page, '/notifications with mail settings')
})

test('downloading one’s data, then deleting the account', async ({ page, server }) => {
  const user = await userWithEmail(page.request, server, 'leaving')
  await openAccountTab(page, server, user)
  const data = page.getByRole('region', { name: 'Download your data' })
  await data.getByRole('button', { name: 'Prepare a download' }).click()
  const link = data.getByRole('link', { name: /^Download your data \(/ })
  await expect(link).toBeVisible({ timeout: 30_000 })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^agora-export-\d{4}-\d{2}-\d{2}\.zip$/)

  const leave = page.getByRole('region', { name: 'Delete your account' })
  await leave.getByRole('button', { name: 'Delete my account…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('Your rewards balance is forfeited')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await leave.getByRole('button', { name: 'Delete my account…' }).click()
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByText('Enter your password')).toBeVisible()
  await dialog.getByLabel('Keep them, shown as from “[deleted user]”').check()
  await dialog.getByLabel('Your password').fill(user.password)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Your account was deleted.')).toBeVisible()
  expect(await meStatus(page.request, server)).toBe(401)
})
