// Editing with a public history: the post editor, the history's word diff, the "changed
// meanwhile" screen, and a comment edited in place.
import { apiMakeComment, apiMakePost, openNewPost } from './factories'
import { expect, expectAccessible, expectConsoleErrors, signedIn, test } from './fixtures'

test('the author edits a post; the page and the history show it', async ({ page, server }) => {
  await signedIn(page, server)
  await openNewPost(page, server, {
    title: 'Lichen growth rates',
    summary: 'Measured on granite',
    content: 'The lichens grew two millimetres a year.',
    tags: 'botany',
  })
  await expect(page.getByRole('button', { name: /^edited/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Edit post' }).click()
  const editor = page.getByRole('dialog', { name: 'Edit post' })
  await expect(editor).toBeVisible()
  await expect(editor.getByLabel('Title')).toHaveValue('Lichen growth rates')
  await expect(editor.getByLabel('AI Instructions')).toHaveCount(0)
  await expectAccessible(page, 'post editor')
  await editor.getByLabel('Title').fill('')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor.getByText('Please enter a title')).toBeVisible()
  await editor.getByLabel('Title').fill('Lichen growth rates on granite')
  await editor.getByLabel('Content').fill('The lichens grew three millimetres a year.')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lichen growth rates on granite')
  await expect(page.getByText('The lichens grew three millimetres a year.')).toBeVisible()

  // The history: newest first, each revision's words marked inserted or deleted (not by colour alone).
  await page.getByRole('button', { name: /^edited/ }).click()
  const history = page.getByRole('dialog', { name: 'Edit history' })
  await expect(history.getByText('Revision 2')).toBeVisible()
  await expect(history.getByText('Revision 1')).toBeVisible()
  await expect(history.locator('ins').filter({ hasText: 'three' })).toBeVisible()
  await expect(history.locator('del').filter({ hasText: 'two' })).toBeVisible()
  await expect(history.locator('ins').filter({ hasText: 'on granite' })).toContainText('inserted')
  const insStyle = await history
    .locator('ins')
    .first()
    .evaluate((node) => getComputedStyle(node).textDecorationLine)
  expect(insStyle).toContain('underline')
  await expectAccessible(page, 'post history')
  await page.keyboard.press('Escape')
  await expect(history).toBeHidden()
})

test('the page the server draws before the app runs shows an edited post', async ({
  page,
  server,
  browser,
}) => {
  await signedIn(page, server)
  const postId = await apiMakePost(page.request, server, { title: 'Moss on basalt', content: 'Slow.' })
  const edit = await page.request.patch(`${server.url}/api/v1/media/${postId}`, {
    data: { base_revision: 1, title: 'Moss on basalt, revisited' },
    headers: { origin: server.url },
  })
  expect(edit.status(), await edit.text()).toBe(200)

  const drawn = await browser.newContext({ javaScriptEnabled: false })
  const drawnPage = await drawn.newPage()
  await drawnPage.goto(`${server.url}/forum/detail/${postId}`)
  await expect(drawnPage.locator('#static-shell h1')).toHaveText('Moss on basalt, revisited')
  await drawn.close()
})

test('an edit from a stale revision shows both versions instead of overwriting', async ({ page, server }) => {
  expectConsoleErrors(page, /status of 409/) // the browser's note of the stale edit's refusal
  await signedIn(page, server)
  const postId = await apiMakePost(page.request, server, { title: 'Soil cores', content: 'Ten cores.' })
  await page.goto(`/forum/detail/${postId}`)
  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Edit post' }).click()
  const editor = page.getByRole('dialog', { name: 'Edit post' })
  await editor.getByLabel('Content').fill('Twelve cores.')

  // Meanwhile the post is changed elsewhere (another tab of the same author).
  const elsewhere = await page.request.patch(`${server.url}/api/v1/media/${postId}`, {
    data: { base_revision: 1, content: 'Eleven cores.' },
    headers: { origin: server.url },
  })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)

  await editor.getByRole('button', { name: 'Save changes' }).click()
  const conflict = page.getByRole('dialog', { name: 'This post was changed meanwhile' })
  await expect(conflict).toBeVisible()
  await expect(conflict.getByRole('alert')).toContainText('revision 2')
  await expect(conflict.getByText('Eleven cores.')).toBeVisible()
  await expect(conflict.locator('ins').filter({ hasText: 'Twelve' })).toBeVisible()
  await expectAccessible(page, 'edit conflict')

  await conflict.getByRole('button', { name: 'Keep my edit' }).click()
  await expect(editor.getByLabel('Content')).toHaveValue('Twelve cores.')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()
  await expect(page.getByText('Twelve cores.')).toBeVisible()
  const saved = await page.request.get(`${server.url}/api/v1/media/${postId}/revisions`)
  const revisions = (await saved.json()).items as { content: string }[]
  expect(revisions.map((revision) => revision.content)).toEqual([
    'Ten cores.',
    'Eleven cores.',
    'Twelve cores.',
  ])
})

test('a comment is edited in place and shows its history', async ({ page, server }) => {
  await signedIn(page, server)
  const postId = await apiMakePost(page.request, server, { title: 'Gel electrophoresis' })
  await apiMakeComment(page.request, server, postId, 'The gel was 2 % agarose.')
  await page.goto(`/forum/detail/${postId}`)
  const comment = page.locator('#comments').getByRole('article').filter({ hasText: 'agarose' })
  await comment.getByRole('button', { name: 'Edit your comment' }).click()
  const text = comment.getByLabel('Comment text')
  await expect(text).toBeFocused()
  await text.fill('The gel was 1.5 % agarose.')
  await comment.getByRole('button', { name: 'Save' }).click()
  await expect(comment.getByText('The gel was 1.5 % agarose.')).toBeVisible()
  await expect(comment.getByLabel('Comment text')).toHaveCount(0)

  await comment.getByRole('button', { name: /^edited/ }).click()
  const history = page.getByRole('dialog', { name: 'Comment history' })
  await expect(history.locator('del').filter({ hasText: '2' })).toBeVisible()
  await expect(history.locator('ins').filter({ hasText: '1.5' })).toBeVisible()
  await history.getByRole('button', { name: 'Close' }).click()
  await expect(history).toBeHidden()
})
