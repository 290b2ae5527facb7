// Notifications: one person comments, the other sees the bell change without reloading,
// opens the notification and lands on the highlighted comment; mark all read; the settings.
import type { Page } from '@playwright/test'
import { apiMakeComment, apiMakePost, uploadFile } from './factories'
import {
  createUsers,
  expect,
  expectAccessible,
  expectConsoleErrors,
  people,
  person,
  personPage,
  test,
} from './fixtures'

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ })

test('a comment reaches the author live: the bell counts it, the entry leads to the comment', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { users, pages } = await people(browser, request, server, 'ada', 'bob')
  const [ada, bob] = users
  const [adaPage, bobPage] = pages
  const postId = await apiMakePost(
    adaPage.request,
    server,
    { title: 'Lichen growth rates' },
    { file: uploadFile('lichen.txt', 'Growth: 2 mm a year\n') },
  )

  await adaPage.goto('/forum')
  await expect(bell(adaPage)).toHaveAccessibleName('Notifications')
  const comment = await apiMakeComment(bobPage.request, server, postId, 'Measured on which substrate?')
  // No reload: the stream brings the count.
  await expect(bell(adaPage)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(bell(adaPage).getByTestId('unread-count')).toHaveText('1')

  await bell(adaPage).click()
  await expect(adaPage).toHaveURL(/\/notifications$/)
  await expect(adaPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const entry = adaPage.getByRole('link', {
    name: new RegExp(`${bob.username} commented on “Lichen growth rates”`),
  })
  await expect(entry).toContainText('Measured on which substrate?')
  await expect(entry).toContainText('Unread')
  await expectAccessible(adaPage, 'notifications')

  await entry.click()
  await expect(adaPage).toHaveURL(new RegExp(`/forum/detail/${postId}#${comment._id}$`))
  const shown = adaPage.locator(`[id="${comment._id}"]`)
  await expect(shown).toBeInViewport()
  await expect(shown).toHaveClass(/comment--highlight/)
  // Opening it read it.
  await expect(bell(adaPage)).toHaveAccessibleName('Notifications')

  // A reply of hers reaches Bob; he marks everything read from the list.
  await apiMakeComment(adaPage.request, server, postId, 'On bare granite.', comment._id)
  await bobPage.goto('/notifications')
  await expect(
    bobPage.getByRole('link', { name: new RegExp(`${ada.username} replied to your comment`) }),
  ).toBeVisible()
  await expect(bell(bobPage)).toHaveAccessibleName('Notifications, 1 unread')
  await bobPage.getByRole('button', { name: 'Mark all read' }).click()
  await expect(bell(bobPage)).toHaveAccessibleName('Notifications')
  await expect(bobPage.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
})

test('settings: a kind turned off stays off, and no notification of it is made', async ({
  browser,
  request,
  server,
}) => {
  const {
    pages: [adaPage, bobPage],
  } = await people(browser, request, server, 'ada', 'bob')

  await adaPage.goto('/notifications')
  await expect(adaPage.getByText('Nothing yet.', { exact: false })).toBeVisible()
  const comments = adaPage.getByRole('checkbox', { name: 'Comments on my posts' })
  await expect(comments).toBeChecked()
  const saved = adaPage.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/notifications/settings') && response.request().method() === 'PUT',
  )
  await comments.uncheck()
  expect((await saved).status()).toBe(200)
  await adaPage.reload()
  await expect(adaPage.getByRole('checkbox', { name: 'Comments on my posts' })).not.toBeChecked()
  await expect(adaPage.getByRole('checkbox', { name: 'Replies to my comments' })).toBeChecked()

  const postId = await apiMakePost(adaPage.request, server, { title: 'Quiet post' })
  await apiMakeComment(bobPage.request, server, postId, 'A comment nobody is told of')
  await adaPage.reload()
  await expect(adaPage.getByText('Nothing yet.', { exact: false })).toBeVisible()
  await expect(bell(adaPage)).toHaveAccessibleName('Notifications')
})

test('a visitor is asked to log in on the notifications page, and has no bell', async ({ page }) => {
  await page.goto('/notifications')
  await expect(page.getByText('Log in to see who answered you')).toBeVisible()
  await expect(bell(page)).toHaveCount(0)
})

test('at 375 px the bell stays in the header', async ({ browser, request, server }) => {
  const { page } = await person(browser, request, server, 'ada')
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/forum')
  await expect(bell(page)).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

test('@mentions: typing a name offers members, chosen by keyboard; the one mentioned is told', async ({
  browser,
  page,
  request,
  server,
}) => {
  test.setTimeout(90_000)
  const stem = `mx${Math.random().toString(36).slice(2, 6)}`
  const [first, second] = await createUsers(request, server, stem, stem)
  const { user: ada, page: adaPage } = await person(browser, request, server, 'ada')
  const postId = await apiMakePost(adaPage.request, server, { title: 'Soil cores' })

  await adaPage.goto(`/forum/detail/${postId}`)
  await adaPage.getByRole('button', { name: 'Write a Comment' }).click()
  const dialog = adaPage.getByRole('dialog', { name: 'Write a Comment' })
  const text = dialog.getByRole('textbox')
  await text.pressSequentially(`Ask @${stem}`)
  const list = dialog.getByRole('listbox', { name: 'People to mention' })
  // Each option: the avatar (a picture or an initial) and the name.
  await expect(list.getByRole('option')).toHaveText(
    [first.username, second.username].sort().map((name) => new RegExp(`${name}$`)),
  )
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  // Escape closes the list, not the dialog; typing on opens it again.
  await adaPage.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(dialog).toBeVisible()
  await text.press('Backspace')
  await text.pressSequentially(stem.slice(-1))
  await expect(list).toBeVisible()
  await expectAccessible(adaPage, 'mention suggestions')
  await adaPage.keyboard.press('ArrowDown')
  const chosen = [first.username, second.username].sort()[1]
  await expect(list.getByRole('option', { name: chosen })).toHaveAttribute('aria-selected', 'true')
  // Frames held back (a busy machine) while the writer types on at once: what is typed after the
  // name stays after it. The caret was once put back after the name a frame later, over the words
  // typed meanwhile.
  await adaPage.evaluate(() => {
    const held: FrameRequestCallback[] = []
    window.requestAnimationFrame = (callback) => held.push(callback)
    const release = () => {
      for (const run of held.splice(0)) run(performance.now())
    }
    Object.assign(window, { __releaseFrames: release })
  })
  await adaPage.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(text).toHaveValue(`Ask @${chosen} `)
  await text.pressSequentially('about the')
  await adaPage.evaluate(() => (window as unknown as { __releaseFrames: () => void }).__releaseFrames())
  await text.pressSequentially(' cores')
  await expect(text).toHaveValue(`Ask @${chosen} about the cores`)
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(dialog).toBeHidden()
  // The comment links the name to its author page.
  const written = adaPage.locator('#comments').getByRole('article').filter({ hasText: 'about the cores' })
  const mention = written.getByRole('link', { name: `@${chosen}` })
  await expect(mention).toHaveAttribute('href', `/u/${chosen}`)
  // …which leads to the member's author page.
  await mention.click()
  const chosenId = chosen === first.username ? first.id : second.id
  await expect(adaPage).toHaveURL(new RegExp(`/author/${chosenId}$`))
  await expect(adaPage.getByRole('heading', { level: 1, name: chosen })).toBeVisible()
  // A name nobody has says so, to a signed-out reader too. The lookup's 404 is its answer; it is
  // asked on a page of its own so that the writer's page keeps the strict check.
  expectConsoleErrors(page, /status of 404/) // the browser's note of the unknown name's answer
  await page.goto('/u/nobody-by-this-name')
  await expect(page.getByRole('heading', { level: 1, name: 'No such member' })).toBeVisible()

  // The one mentioned is told.
  const chosenPage = await personPage(browser, server, chosen === first.username ? first : second)
  await chosenPage.goto('/notifications')
  await expect(
    chosenPage.getByRole('link', { name: new RegExp(`${ada.username} mentioned you in “Soil cores”`) }),
  ).toBeVisible()
})

test('an open post shows that new comments came, without moving what the reader sees, and shows them on request', async ({
  browser,
  page,
  request,
  server,
}) => {
  const {
    pages: [adaPage, bobPage],
  } = await people(browser, request, server, 'ada', 'bob')
  const postId = await apiMakePost(adaPage.request, server, { title: 'Peat depth' })
  await apiMakeComment(adaPage.request, server, postId, 'First measurements are in.')

  // An anonymous reader.
  await page.goto(`/forum/detail/${postId}`)
  const first = page.locator('#comments').getByRole('article').filter({ hasText: 'First measurements' })
  await expect(first).toBeVisible()
  // Where the comment sits under the section's heading (what is above the section may still change:
  // the post's analysis arriving, its text's Markdown).
  const heading = page.locator('#comments').getByRole('heading', { level: 2 })
  const offset = async () => {
    const [top, comment] = [await heading.boundingBox(), await first.boundingBox()]
    return comment && top ? Math.round(comment.y - top.y) : null
  }
  await expect(first.locator('.comment__content--plain')).toHaveCount(0)
  const before = await offset()
  await apiMakeComment(bobPage.request, server, postId, 'Core 3 looks deeper.')
  await apiMakeComment(bobPage.request, server, postId, 'And core 4.')
  const notice = page.getByRole('button', { name: '2 new comments — show' })
  await expect(notice).toBeVisible()
  // The notice floats: it takes no room, and the comment has not moved under the heading.
  expect((await page.locator('.comments__live').boundingBox())?.height).toBe(0)
  expect(await offset()).toBe(before)
  await expect(page.getByText('Core 3 looks deeper.')).toHaveCount(0)
  await notice.click()
  await expect(page.getByText('Core 3 looks deeper.')).toBeVisible()
  await expect(page.getByText('And core 4.')).toBeVisible()
  await expect(notice).toHaveCount(0)
  await expect(page.locator('#comments').getByRole('heading', { level: 2 })).toHaveText('Comments (3)')
})
