// Versions of a work's files: the author uploads a new version from the post's menu (a
// focus-trapped dialog closing on Escape), the page says "Version 2 of 2 · {changelog}", and the
// picker shows version 1's files again; a comment written on version 1 says so and leads to it.
// A visitor is offered no version made while the post was private.
import type { APIRequestContext } from '@playwright/test'
import { apiCommentedPost, apiMakeComment, apiPostBy, uploadFile } from './factories'
import { type AgoraServer, createUser, expect, expectAccessible, signedIn, test } from './fixtures'

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

/** Publishes a version of `postId` holding one text file, as whoever `request` is signed in as. */
async function publishVersion(request: APIRequestContext, server: AgoraServer, postId: string, name: string) {
  const response = await request.post(`${server.url}/api/v1/media/${postId}/versions`, {
    headers: { origin: server.url },
    multipart: { changelog: `Now ${name}`, files: uploadFile(name, `${name}\n`) },
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('a visitor is offered no version made while the post was private', async ({ page, request, server }) => {
  // Versions 1 and 2 while private (the author notes something on version 1), public from then on.
  const ada = await createUser(request, server, 'ada')
  const postId = await apiPostBy(
    request,
    server,
    ada,
    { title: 'Lichen transects', visibility: 'private' },
    { file: uploadFile('draft-1.txt', 'draft one\n') },
  )
  await apiMakeComment(request, server, postId, 'Recount plot 4 before this goes out')
  await publishVersion(request, server, postId, 'draft-2.txt')
  const edit = await request.patch(`${server.url}/api/v1/media/${postId}`, {
    headers: { origin: server.url },
    data: { visibility: 'public' },
  })
  expect(edit.status(), await edit.text()).toBe(200)
  await publishVersion(request, server, postId, 'final.txt')

  await page.goto(`/forum/detail/${postId}`)
  const versions = page.getByTestId('post-versions')
  await expect(versions).toContainText('Version 3 of 3')
  await expect(versions).toContainText('2 earlier versions, made while the post was private, are not shown')
  // Only version 3 may be opened: nothing to pick.
  await expect(page.getByLabel('Show version')).toHaveCount(0)
  const comment = page.getByRole('article').filter({ hasText: 'Recount plot 4' })
  await expect(comment.getByText('on an earlier version')).toBeVisible()
  await expect(comment.getByRole('link', { name: /Written on version/ })).toHaveCount(0)
  // A link to a withheld version shows the current one.
  await page.goto(`/forum/detail/${postId}?version=1`)
  await expect(versions).toContainText('Version 3 of 3')
  await expect(page.getByText('final.txt').first()).toBeVisible()
})
