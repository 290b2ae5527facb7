// Blocks and moderation on the existing screens: Ada blocks Bob from his page; his
// comment, and his post in the forum, fold away for her until she asks for them; he cannot reply to
// her and is told why; My page lists him, and unblocking brings it all back. (A comment a moderator
// hid, and a suspension, are in moderation.spec.ts, on its server with a moderator.)
import type { Page } from '@playwright/test'
import { apiCommentedPost, apiMakeComment, apiMakePost, uploadFile } from './factories'
import {
  type AgoraServer,
  commentWith,
  expect,
  expectAccessible,
  expectConsoleErrors,
  networkQuiet,
  people,
  person,
  signedIn,
  type TestUser,
  test,
} from './fixtures'

const FOLDED = 'Comment from a blocked user — show'
const FOLDED_POST = 'Post from a blocked user — show'
const BOB_POST = 'Bob on radiocarbon dating'

/** A post of Ada's with a comment of hers and one of Bob's on it. */
async function discussion(adaPage: Page, bobPage: Page, server: AgoraServer) {
  const postId = await apiCommentedPost(
    adaPage.request,
    server,
    { title: 'Peat cores from the north bog' },
    ['cores.txt', 'Core 1: 2.1 m\n'],
    'Cores were taken in March.',
  )
  await apiMakeComment(bobPage.request, server, postId, 'Bob thinks the dating is off.')
  return postId
}

async function block(page: Page, user: TestUser) {
  await page.goto(`/author/${user.id}`)
  await page.getByRole('button', { name: `Block ${user.username}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Block ${user.username}?` })
  await expect(dialog).toContainText('will no longer be able to reply to your comments')
  await dialog.getByRole('button', { name: 'Block', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Unblock ${user.username}`, exact: true })).toBeVisible()
}

test('a blocked person’s comment folds away until asked for, and unblocking brings it back', async ({
  browser,
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  await signedIn(page, server, 'ada')
  const { user: bob, page: bobPage } = await person(browser, request, server, 'bob')
  const postId = await discussion(page, bobPage, server)

  // Bob's page: Block asks first and says what it does; then it reads Unblock. Report is there too.
  await page.goto(`/author/${bob.id}`)
  await expect(page.getByRole('button', { name: 'Report this user' })).toBeVisible()
  await page.getByRole('button', { name: `Block ${bob.username}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Block ${bob.username}?` })
  await expect(dialog).toBeVisible()
  // Escape leaves things as they were.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Block ${bob.username}`, exact: true })).toBeFocused()
  await block(page, bob)
  await networkQuiet(page)
  await expectAccessible(page, 'author page, blocked')

  // On the post, his comment is folded; hers shows. One press shows his.
  await page.goto(`/forum/detail/${postId}`)
  await expect(commentWith(page, 'Cores were taken in March.')).toBeVisible()
  const fold = page.locator('#comments').getByRole('button', { name: FOLDED })
  await expect(fold).toBeVisible()
  await expect(page.getByText('Bob thinks the dating is off.')).toHaveCount(0)
  await fold.click()
  const shown = commentWith(page, 'Bob thinks the dating is off.')
  await expect(shown).toBeVisible()
  await expect(shown).toBeFocused()

  // In the forum his post is folded the same way.
  await apiMakePost(bobPage.request, server, { title: BOB_POST }, { file: uploadFile('c14.txt', 'C14\n') })
  await page.goto('/forum')
  const foldedPost = page.getByRole('button', { name: FOLDED_POST })
  await expect(foldedPost).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(BOB_POST) })).toHaveCount(0)
  await foldedPost.click()
  await expect(page.getByRole('link', { name: new RegExp(BOB_POST) })).toBeFocused()

  // My page lists him; Unblock empties the list.
  await page.goto('/mypage?tab=blocked')
  const list = page.getByRole('list', { name: 'Blocked people' })
  await expect(list.getByRole('link', { name: bob.username })).toHaveAttribute('href', `/author/${bob.id}`)
  await networkQuiet(page)
  await expectAccessible(page, 'My page, blocked list')
  await list.getByRole('button', { name: `Unblock ${bob.username}` }).click()
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible()
  await expect(page.getByRole('heading', { name: /Blocked people/ })).toBeFocused()
  await expectAccessible(page, 'My page, blocked list empty')

  // His comment shows as any other again.
  await page.goto(`/forum/detail/${postId}`)
  await expect(commentWith(page, 'Bob thinks the dating is off.')).toBeVisible()
  await expect(page.getByRole('button', { name: FOLDED })).toHaveCount(0)
  await page.goto('/forum')
  await expect(page.getByRole('link', { name: new RegExp(BOB_POST) })).toBeVisible()
  await expect(page.getByRole('button', { name: FOLDED_POST })).toHaveCount(0)
})

test('a blocked person who tries to reply is told why, in the server’s words', async ({
  browser,
  request,
  server,
}) => {
  const { users, pages } = await people(browser, request, server, 'ada', 'bob')
  const [ada, bob] = users
  const [adaPage, bobPage] = pages
  const postId = await discussion(adaPage, bobPage, server)
  await block(adaPage, bob)

  expectConsoleErrors(bobPage, /status of 403/) // the browser's note of the refused reply
  await bobPage.goto(`/forum/detail/${postId}`)
  const hers = commentWith(bobPage, 'Cores were taken in March.')
  await hers.getByRole('button', { name: `Reply to ${ada.username}` }).click()
  const dialog = bobPage.getByRole('dialog', { name: 'Reply to Comment' })
  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('Which month exactly?')
  const answer = bobPage.waitForResponse((response) => response.url().includes('/api/v1/comments/create'))
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click()
  const refusal = await answer
  expect(refusal.status()).toBe(403)
  const { detail } = (await refusal.json()) as { detail: string }
  expect(detail.length).toBeGreaterThan(0)
  await expect(dialog.getByRole('alert')).toContainText(detail)
  // The text stays for the writer; nothing was added.
  await expect(dialog.getByRole('textbox', { name: 'Your reply' })).toHaveValue('Which month exactly?')
})
