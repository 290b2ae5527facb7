// The first hour of a new researcher: @mentions for signed-out readers, what Settings
// saves when, Markdown previews, drafts kept on the device, and a new account's posting limit.
import type { Page } from '@playwright/test'
import { apiBearer, apiMakePost, openNewPost } from './factories'
import {
  type AgoraServer,
  createUser,
  expect,
  expectAccessible,
  signedIn,
  signedInAt,
  startServer,
  test,
  workerServer,
} from './fixtures'

/** Opens the post page's comment form; answers its dialog. */
async function openCommentForm(page: Page) {
  await page.getByRole('button', { name: 'Write a Comment' }).click()
  return page.getByRole('dialog', { name: 'Write a Comment' })
}

/** Signs `page` in as a new user, opens a new post of theirs titled `title` and its comment form. */
async function commentFormOnNewPost(page: Page, server: AgoraServer, title: string) {
  await signedIn(page, server)
  await openNewPost(page, server, { title })
  return openCommentForm(page)
}

test('an @mention followed by a signed-out reader shows the member’s profile', async ({
  page,
  request,
  server,
}) => {
  // Made through their own request context: the page stays signed out.
  const bob = await createUser(request, server, 'bob')
  const ada = await createUser(request, server, 'ada')
  const postId = await apiMakePost(
    request,
    server,
    { title: 'Thanks to a colleague', content: `With help from @${bob.username}.` },
    { headers: await apiBearer(request, server, ada) },
  )
  await page.goto(`/forum/detail/${postId}`)
  await page.getByRole('link', { name: `@${bob.username}` }).click()
  await expect(page).toHaveURL(`/author/${bob.id}`)
  await expect(page.getByRole('heading', { level: 1, name: bob.username })).toBeVisible()
  await expect(page.getByText('Could not look that up')).toHaveCount(0)
})

test('the Settings dialog says the switches save at once, and says Saved', async ({ page, server }) => {
  await signedInAt(page, server, '/mypage')
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const panel = page.getByRole('dialog', { name: 'Settings' })
  await expect(panel.getByText('These switches save as soon as you flip them.')).toBeVisible()
  const publicProfile = panel.getByRole('switch', { name: 'Public Profile' })
  await publicProfile.click()
  const row = panel
    .locator('.settings-switch')
    .filter({ has: page.getByRole('switch', { name: 'Public Profile' }) })
  await expect(row.getByRole('status')).toHaveText('Saved')
  await expectAccessible(page, 'the Settings dialog after a switch saved')
})

test('a comment draft survives a reload and is gone once sent', async ({ page, server }) => {
  let dialog = await commentFormOnNewPost(page, server, 'A post to answer')
  await dialog.getByRole('textbox').fill('A thought I have not finished')
  await expect(dialog.getByText('Draft kept on this device')).toBeVisible()

  await page.reload()
  dialog = await openCommentForm(page)
  await expect(dialog.getByRole('textbox')).toHaveValue('A thought I have not finished')
  await expect(dialog.getByText('Your unsent draft was restored')).toBeVisible()
  await expectAccessible(page, 'the comment form with a restored draft')

  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('A thought I have not finished')).toBeVisible()
  await page.reload()
  dialog = await openCommentForm(page)
  await expect(dialog.getByRole('textbox')).toHaveValue('')
  await expect(dialog.getByText('Draft kept on this device')).toHaveCount(0)
})

test('Discard empties a kept draft', async ({ page, server }) => {
  const dialog = await commentFormOnNewPost(page, server, 'A post to think about')
  await dialog.getByRole('textbox').fill('Second thoughts')
  await dialog.getByRole('button', { name: 'Discard draft' }).click()
  await expect(dialog.getByRole('textbox')).toHaveValue('')
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('agora_draft:'))),
  ).toEqual([])
})

test('the comment form previews math and code as a post shows them', async ({ page, server }) => {
  const dialog = await commentFormOnNewPost(page, server, 'A post with a formula')
  await dialog.getByRole('textbox').fill('Energy: $E = mc^2$\n\n```python\nprint(42)\n```\n')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true')
  const preview = dialog.getByRole('region', { name: 'Preview' })
  await expect(preview.locator('.katex').first()).toBeVisible()
  await expect(preview.locator('.katex annotation')).toContainText('E = mc^2')
  await expect(preview.locator('pre code')).toContainText('print(42)')
  await expectAccessible(page, 'the comment form in Preview')
  await dialog.getByRole('button', { name: 'Write' }).click()
  await expect(dialog.getByRole('textbox')).toBeVisible()
})

const limited = test.extend<object, { server: AgoraServer }>({
  server: workerServer(() => startServer({ TRUST_NEW_ACCOUNT_HOURS: '24', TRUST_NEW_POSTS_PER_DAY: '3' })),
})

limited('a new account sees its posting limit before it uploads', async ({ page, server }) => {
  await signedInAt(page, server, '/upload')
  await expect(page.getByText('New accounts may publish 3 posts a day; you have 3 left.')).toBeVisible()
  await expectAccessible(page, 'the upload page with the posting limit')
})
