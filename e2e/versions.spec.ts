// Versions of a work's files (issue 26): the author uploads a new version from the post's menu (a
// focus-trapped dialog closing on Escape), the page says "Version 2 of 2 · {changelog}", and the
// picker shows version 1's files again; a comment written on version 1 says so and leads to it.
import { apiCommentedPost } from './factories'
import { expect, expectAccessible, signedIn, test } from './fixtures'

test('the author uploads a new version; the picker switches between versions', async ({ page, server }) => {
  await signedIn(page, server)
  const postId = await apiCommentedPost(
    page.request,
    server,
    { title: 'Moss cover survey' },
    ['survey-v1.txt', 'Moss cover: 40 %\n'],
    'The north plots look undercounted',
  )
  await page.goto(`/forum/detail/${postId}`)
  const comment = page.getByRole('article').filter({ hasText: 'The north plots look undercounted' })
  await expect(comment).toBeVisible()
  // Written on the only version: nothing to say.
  await expect(comment.getByRole('link', { name: /Written on version/ })).toHaveCount(0)
  // One version: no picker.
  await expect(page.getByTestId('post-versions')).toHaveCount(0)

  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Upload new version' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload version 2' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page, 'new version dialog')
  // Escape closes it; the menu opens it again.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Upload new version' }).click()
  await expect(dialog).toBeVisible()

  await dialog.getByRole('checkbox', { name: 'survey-v1.txt' }).uncheck()
  await dialog.getByLabel('New files').setInputFiles({
    name: 'survey-v2.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Moss cover: 42 % (recounted)\n'),
  })
  await dialog.getByLabel('What changed (one line)').fill('Recounted the north plots')
  await dialog.getByRole('button', { name: 'Publish version' }).click()
  await expect(dialog).toBeHidden()

  const versions = page.getByTestId('post-versions')
  await expect(versions).toContainText('Version 2 of 2')
  await expect(versions).toContainText('Recounted the north plots')
  await expect(page.getByText('survey-v2.txt').first()).toBeVisible()
  // The comment was written on version 1: it says so, and its mark shows that version.
  const onV1 = comment.getByRole('link', { name: 'Written on version 1 of the files — show that version' })
  await expect(onV1).toHaveText('on v1')
  await onV1.click()
  await expect(versions).toContainText('Version 1 of 2')
  await expect(page.getByText('survey-v1.txt').first()).toBeVisible()
  await page.goBack()
  await expect(versions).toContainText('Version 2 of 2')

  // The picker (a native select: keyboard operable) shows version 1 and its file again.
  const picker = page.getByLabel('Show version')
  await picker.selectOption('1')
  await expect(versions).toContainText('Version 1 of 2')
  await expect(page.getByText('survey-v1.txt').first()).toBeVisible()
  await picker.focus()
  await page.keyboard.press('ArrowUp')
  await expect(versions).toContainText('Version 2 of 2')
})
