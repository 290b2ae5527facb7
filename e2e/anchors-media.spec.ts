import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { apiPostBy } from './factories'
import { createUser, expect, expectAccessible, networkQuiet, signedIn, tabTo, test } from './fixtures'

// Discussion anchored to a moment of a recording: "Comment at", a timestamped comment that
// seeks the real video, [mm:ss] links, the markers under the player; by keyboard, in English and Chinese.

/** The demo forum's video: a real 6-second H.264 MP4 (apps/server/src/features/demo/assets). */
const VIDEO = new URL('../apps/server/src/features/demo/assets/mandelbrot-zoom.mp4', import.meta.url)

const video = (page: Page) => page.locator('video.carousel__video')

/** Moves the player as a person dragging its bar would, and waits until it got there. */
async function scrubTo(page: Page, seconds: number) {
  await networkQuiet(page)
  await video(page).evaluate(
    (element: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        element.pause()
        element.addEventListener('seeked', () => resolve(), { once: true })
        element.currentTime = to
      }),
    seconds,
  )
}

/** Records where the player's next seek lands (read back by seekedTo). */
async function watchSeeks(page: Page) {
  await video(page).evaluate((element: HTMLVideoElement) => {
    element.pause()
    element.dataset.seekedTo = ''
    element.addEventListener('seeked', () => {
      element.dataset.seekedTo = String(element.currentTime)
    })
  })
}

const seekedTo = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => Number(element.dataset.seekedTo || Number.NaN))

test('a comment at a moment of a real video: Comment at, the timestamp seeks, [mm:ss] links, markers, keyboard, zh, axe', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(150_000)
  const alice = await createUser(request, server, 'alice')
  const postId = await apiPostBy(
    request,
    server,
    alice,
    { title: 'Zooming into the Mandelbrot set', summary: '', tags: 'e2e' },
    { file: { name: 'mandelbrot-zoom.mp4', mimeType: 'video/mp4', buffer: await readFile(VIDEO) } },
  )
  await signedIn(page, server, 'bob')
  await page.goto(`/forum/detail/${postId}`)
  await expect(video(page)).toBeVisible()
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(1)

  // Bob stops at 3 s and, by keyboard only, comments on that moment.
  await scrubTo(page, 3.2)
  const commentAt = page.getByRole('button', { name: 'Comment at 00:03 of mandelbrot-zoom.mp4' })
  await expect(commentAt).toBeVisible()
  // From the player, Tab goes through its own controls and then to "Comment at".
  await video(page).focus()
  await tabTo(page, commentAt)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('About the moment 00:03')).toBeVisible()
  await expectAccessible(page, 'comment dialog with a moment')
  await page.keyboard.type('The zoom turns into a spiral here; compare [00:05].')
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()

  const comment = page.locator('#comments').getByRole('article').filter({ hasText: 'turns into a spiral' })
  const playFrom = comment.getByRole('button', { name: 'Play from 00:03' })
  await expect(playFrom).toBeVisible()
  await expect(playFrom).toContainText('00:03')

  // The timestamp seeks the player (from the start, paused) to 3 s, and the player takes the focus.
  await scrubTo(page, 0)
  await watchSeeks(page)
  await playFrom.click()
  await expect.poll(async () => Math.round(await seekedTo(page))).toBe(3)
  await expect(video(page)).toBeFocused()

  // A [mm:ss] typed in the text is a link to that moment; the address stays as it was.
  const address = page.url()
  await scrubTo(page, 0)
  await watchSeeks(page)
  await comment.getByRole('link', { name: '00:05' }).click()
  await expect.poll(async () => Math.round(await seekedTo(page))).toBe(5)
  expect(page.url()).toBe(address)

  // By keyboard: Enter on the timestamp seeks too.
  await scrubTo(page, 0)
  await watchSeeks(page)
  await playFrom.focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => Math.round(await seekedTo(page))).toBe(3)

  // After a reload the player shows a marker at the comment's moment; pressing it seeks there.
  await page.reload()
  await expect(video(page)).toBeVisible()
  const markers = page.getByRole('list', { name: 'Comments on mandelbrot-zoom.mp4' })
  const marker = markers.getByRole('button', { name: /^00:03, bob.*turns into a spiral/ })
  await expect(marker).toBeVisible()
  await scrubTo(page, 0)
  await watchSeeks(page)
  await marker.focus()
  await page.keyboard.press('Enter')
  await expect.poll(async () => Math.round(await seekedTo(page))).toBe(3)
  await expectAccessible(page, 'post with a video and a comment at a moment')

  // In Chinese: the same controls, labelled in Chinese.
  await page.evaluate(() => localStorage.setItem('lang', 'zh'))
  await page.reload()
  await expect(video(page)).toBeVisible()
  await expect(page.getByRole('button', { name: /^在 mandelbrot-zoom\.mp4 的 00:0\d 处评论$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: '从 00:03 播放' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'mandelbrot-zoom.mp4 上的评论' })).toBeVisible()
  await expectAccessible(page, 'post with a video, in Chinese')
})
