/// <reference lib="dom" />
// The PDF viewer: pdf.js draws a real PDF's pages with selectable text, lazily; keys turn
// pages and zoom; the file's name (not its CID) names it; passages are quoted by a selection or, by
// keyboard only, by their typed words; English and Chinese; axe clean (with a marked passage, at 375 and
// 1280 px: once per width, the two themes between them).

import { paperPdf as hivePaper } from '@agora/test-kit/pdf'
import type { Page } from '@playwright/test'
import { apiMakePost } from './factories'
import { type AgoraServer, boxesOf, expect, expectAccessible, signedIn, tabTo, test } from './fixtures'

/** A real PDF of `pages` pages (pdfkit), each saying which it is, with a paragraph to quote on page 2. */
export function paperPdf(pages: number, passage = PASSAGE): Promise<Buffer> {
  return hivePaper(pages, (page) => [
    page === 2 ? passage : `Page ${page} measures the hive at dawn and at dusk.`,
  ])
}

export const PASSAGE = 'Workers fan their wings at the entrance when the brood grows too warm.'

/** A post by a new user with the PDF `name`; answers its id. */
export async function pdfPost(page: Page, server: AgoraServer, name: string, pdf: Buffer) {
  await signedIn(page, server, 'apis')
  return apiMakePost(
    page.request,
    server,
    { title: 'Cooling the hive', summary: 'How bees cool their brood.', tags: 'bees' },
    { file: { name, mimeType: 'application/pdf', buffer: pdf } },
  )
}

/** A new post of a paper of `pageCount` pages in the file `name`, opened: answers its id and the viewer's pages. */
async function openPaper(page: Page, server: AgoraServer, name = 'hive-cooling.pdf', pageCount = 3) {
  const postId = await pdfPost(page, server, name, await paperPdf(pageCount))
  await page.goto(`/forum/detail/${postId}`)
  return { postId, pages: page.getByRole('region', { name: `${name}, pages` }) }
}

test('a PDF is drawn page by page with selectable text, named by its file, turned by keys and zoomed', async ({
  page,
  server,
}) => {
  test.slow()
  const { pages } = await openPaper(page, server, 'hive-cooling.pdf', 12)
  const viewer = page.locator('.viewer')
  // The file's name, not its CID, names the viewer, its pages and the download.
  await expect(viewer.locator('.viewer__name')).toHaveText('hive-cooling.pdf')
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /name=hive-cooling\.pdf/,
  )
  await expect(pages.locator('.pdfv__page')).toHaveCount(12)
  await expect(pages.locator('.pdfv__page[data-page="1"] .textLayer')).toContainText(
    'Section 1 of the hive paper',
  )
  await expect(pages.locator('.pdfv__page[data-page="1"]')).toHaveAttribute('data-drawn', 'true')
  // The text is the page's own, selectable: what a reader selects is what the page says.
  const selected = await pages.locator('.pdfv__page[data-page="1"] .textLayer').evaluate((layer) => {
    const range = document.createRange()
    range.selectNodeContents(layer)
    const selection = window.getSelection()!
    selection.removeAllRanges()
    selection.addRange(range)
    const text = selection.toString()
    selection.removeAllRanges()
    return text
  })
  expect(selected).toContain('Page 1 measures the hive')
  // Pages far from the view wait until they are scrolled to.
  await expect(pages.locator('.pdfv__page[data-page="12"]')).not.toHaveAttribute('data-drawn', 'true')

  const toolbar = page.getByRole('toolbar', { name: 'PDF controls' })
  await expect(toolbar.getByText('Page 1 of 12')).toBeAttached()
  await pages.focus()
  await page.keyboard.press('PageDown')
  await expect(toolbar.getByText('Page 2 of 12')).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(toolbar.getByText('Page 3 of 12')).toBeAttached()
  await page.keyboard.press('End')
  await expect(toolbar.getByText('Page 12 of 12')).toBeAttached()
  await expect(pages.locator('.pdfv__page[data-page="12"] .textLayer')).toContainText('Page 12 measures')
  await page.keyboard.press('PageUp')
  await expect(toolbar.getByText('Page 11 of 12')).toBeAttached()
  await page.keyboard.press('Home')
  await expect(toolbar.getByText('Page 1 of 12')).toBeAttached()
  const field = toolbar.getByRole('textbox', { name: 'Page number' })
  const scrollToPage = (n: number) =>
    pages.evaluate((scroller, page) => {
      scroller.scrollTop = scroller.querySelector<HTMLElement>(`.pdfv__page[data-page="${page}"]`)!.offsetTop
    }, n)
  await field.fill('7')
  // The view moving under the typing (a page drawn late, a scroll) leaves the typed number alone.
  await scrollToPage(3)
  await expect(toolbar.getByText('Page 3 of 12')).toBeAttached()
  await expect(field).toHaveValue('7')
  await field.press('Enter')
  await expect(toolbar.getByText('Page 7 of 12')).toBeAttached()
  await expect(field).toHaveValue('7')
  // Once gone to, the field follows the view again, though it keeps the focus.
  await scrollToPage(5)
  await expect(field).toHaveValue('5')
  await expect(field).toBeFocused()
  await scrollToPage(7)
  await expect(toolbar.getByText('Page 7 of 12')).toBeAttached()
  await toolbar.getByRole('button', { name: 'Next page' }).click()
  await expect(toolbar.getByText('Page 8 of 12')).toBeAttached()

  // Zoom: the buttons and + / − on the pages; "Fit width" returns to the width of the view.
  const zoom = toolbar.getByRole('status', { name: 'Zoom level' })
  const fitted = await zoom.textContent()
  await toolbar.getByRole('button', { name: 'Zoom in' }).click()
  await expect(zoom).not.toHaveText(fitted!)
  await pages.focus()
  await page.keyboard.press('-')
  await page.keyboard.press('-')
  const smaller = Number.parseInt((await zoom.textContent())!, 10)
  expect(smaller).toBeLessThan(Number.parseInt(fitted!, 10))
  await expect(toolbar.getByText('Page 8 of 12')).toBeAttached()
  await toolbar.getByRole('button', { name: 'Fit width' }).click()
  await expect(zoom).toHaveText(fitted!)
})

test('the viewer speaks Chinese to a Chinese reader, quoting a passage and after a new version too', async ({
  browser,
  page,
  server,
}) => {
  test.slow()
  const postId = await pdfPost(page, server, '蜂巢降温.pdf', await paperPdf(3))
  // The author signed in, reading in a Chinese browser (the English page seen at sign-in not kept as a choice).
  const signedInState = await page.context().storageState()
  for (const origin of signedInState.origins)
    origin.localStorage = origin.localStorage.filter((item) => item.name !== 'lang')
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    storageState: signedInState,
  })
  const reader = await context.newPage()
  await reader.goto(`/forum/detail/${postId}`)
  await expect(reader.locator('#static-shell')).toHaveCount(0)
  const pages = reader.getByRole('region', { name: '蜂巢降温.pdf 的页面' })
  await expect(pages.locator('.pdfv__page[data-page="1"] .textLayer')).toContainText('Section 1')
  const toolbar = reader.getByRole('toolbar', { name: 'PDF 控件' })
  await expect(toolbar.getByText('第 1 页，共 3 页')).toBeAttached()
  await pages.focus()
  await reader.keyboard.press('PageDown')
  await expect(toolbar.getByText('第 2 页，共 3 页')).toBeAttached()
  await expect(toolbar.getByRole('button', { name: '适合宽度' })).toBeVisible()
  await expect(reader.locator('.viewer__name')).toHaveText('蜂巢降温.pdf')
  await selectWords(reader, 2, 'brood grows')
  await expect(reader.getByRole('button', { name: '评论这段文字' })).toBeVisible()

  // Quoting by words, in Chinese: the dialog, its places ("第 2 页"), then the comment dialog.
  await toolbar.getByRole('button', { name: '引用一段文字' }).click()
  const quoting = reader.getByRole('dialog', { name: '引用一段文字' })
  await quoting.getByRole('textbox', { name: '要引用的文字' }).fill('fan their wings')
  await expect(quoting.getByText('找到 1 处。')).toBeVisible()
  const place = quoting.getByRole('list', { name: '这些文字所在的位置' }).getByRole('button')
  await expect(place).toContainText('第 2 页')
  await expectAccessible(reader, 'quoting a passage, in Chinese')
  await place.click()
  const dialog = reader.getByRole('dialog', { name: '发表评论' })
  await expect(dialog).toContainText('关于第 2 页的这段文字')
  await dialog.getByLabel('你的评论').fill('雄蜂也扇翅膀吗？')
  await dialog.getByRole('button', { name: '评论', exact: true }).click()
  await expect(dialog).toBeHidden()
  const comment = reader.getByRole('article').filter({ hasText: '雄蜂也扇翅膀吗？' })
  await expect(comment.getByRole('button', { name: /^显示第 2 页的段落/ })).toContainText('第 2 页')

  // A new version whose page 2 says something else: the comment says where its passage was.
  await newVersion(page, server, postId, '蜂巢降温-v2.pdf', await paperPdf(3, 'Bees rest at night.'))
  await reader.reload()
  await expect(comment.getByRole('link', { name: '第 1 版，段落已更改' })).toBeVisible()
  await context.close()
})

test('the server draws the viewer’s box, and nothing moves when the app and then the PDF take over', async ({
  browser,
  page,
  server,
}) => {
  test.slow() // four page loads
  const postId = await pdfPost(page, server, 'hive-cooling.pdf', await paperPdf(3))
  const url = `${server.url}/forum/detail/${postId}`
  const selectors = ['.viewer', '.viewer__name', '.viewer__pdf', '.post__summary']
  for (const width of [412, 1280]) {
    const viewport = { width, height: 900 }
    const drawn = await browser.newContext({ viewport, javaScriptEnabled: false })
    const serverPage = await drawn.newPage()
    await serverPage.goto(url)
    await expect(serverPage.locator('#static-shell[data-first-screen] .viewer__pdf')).toBeVisible()
    const before = await boxesOf(serverPage, selectors)
    await drawn.close()

    const live = await browser.newContext({ viewport })
    const appPage = await live.newPage()
    await appPage.addInitScript(() => {
      const shifts: string[] = []
      Object.assign(window, { __shifts: shifts })
      type Shift = PerformanceEntry & {
        value: number
        sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[]
      }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[])
          shifts.push(
            `${entry.value}: ${entry.sources.map((source) => `${(source.node as Element)?.className ?? source.node?.nodeName} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`).join('; ')}`,
          )
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const requested: string[] = []
    appPage.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await appPage.goto(url)
    await expect(appPage.locator('#static-shell')).toHaveCount(0)
    await expect(appPage.locator('.pdfv__page[data-page="1"]')).toHaveAttribute('data-drawn', 'true')
    expect(await boxesOf(appPage, selectors), `the viewer at ${width} px`).toEqual(before)
    expect(await appPage.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([])
    // On the drawn page, route-prefetch.js started pdf.js's worker and fetched the file before the app
    // ran, and the viewer took both: each asked for once, nothing left unclaimed.
    const early = await appPage.evaluate(() => {
      type Early = { worker: unknown; files: Record<string, unknown> }
      const started = (window as unknown as { __agoraEarlyPdf?: Early }).__agoraEarlyPdf
      return started && { worker: started.worker instanceof Worker, unclaimed: Object.keys(started.files) }
    })
    expect(early).toEqual({ worker: true, unclaimed: [] })
    expect(requested.filter((path) => path.startsWith('/api/v1/files/'))).toHaveLength(1)
    expect(requested.filter((path) => path.includes('pdf.worker'))).toHaveLength(1)
    await live.close()
  }
})

/** Selects `words` in the text of page `page` of the viewer, as a reader's drag would. */
async function selectWords(page: Page, pageNumber: number, words: string) {
  await page.locator(`.pdfv__page[data-page="${pageNumber}"]`).scrollIntoViewIfNeeded()
  const layer = page.locator(`.pdfv__page[data-page="${pageNumber}"] .textLayer`)
  await expect(layer).toContainText(words)
  await layer.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      const selection = window.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return
    }
    throw new Error(`"${wanted}" is not in one span of the text layer`)
  }, words)
}

/** Publishes a new version of the post whose only file is `pdf` (as `name`), through the API. */
async function newVersion(page: Page, server: AgoraServer, postId: string, name: string, pdf: Buffer) {
  const response = await page.request.post(`${server.url}/api/v1/media/${postId}/versions`, {
    headers: { origin: server.url },
    multipart: { changelog: 'Rewrote section 2', files: { name, mimeType: 'application/pdf', buffer: pdf } },
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('select a passage, comment on it; after a reload its mark opens the thread, and the comment shows the passage', async ({
  page,
  server,
}) => {
  test.slow()
  const { pages } = await openPaper(page, server)
  await selectWords(page, 2, 'fan their wings')
  const comment = page.getByRole('button', { name: 'Comment on this passage' })
  await comment.click()
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog).toContainText('About this passage on page 2')
  await expect(dialog).toContainText('fan their wings')
  await dialog.getByLabel('Your comment').fill('Do drones fan too?')
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(dialog).toBeHidden()

  await page.reload()
  await pages.locator('.pdfv__page[data-page="2"]').scrollIntoViewIfNeeded()
  const mark = pages.getByRole('button', { name: /^Passage commented on by .*: Do drones fan too\?/ })
  await expect(mark).toHaveText('fan their wings')
  await mark.click()
  await expect(page).toHaveURL(/#/)
  const thread = page.getByRole('article').filter({ hasText: 'Do drones fan too?' })
  await expect(thread).toBeInViewport()

  // The comment's "p. 2" brings the passage back into view and flashes it.
  await pages.evaluate((element) => {
    element.scrollTop = 0
  })
  await thread.getByRole('button', { name: /^Show the passage on page 2/ }).click()
  await expect(mark).toBeInViewport()
  await expect(pages.locator('.pdfv__mark--flash').first()).toBeAttached()
  // The comment's mark from the link fades after its scroll's own check has run: that check left the
  // reader where the passage took them (it once scrolled back to the comment).
  await expect(page.locator('.comment--highlight')).toHaveCount(0)
  await expect(mark).toBeInViewport()
})

test('a passage comment is found again in a new version of the file, or says the passage changed', async ({
  page,
  server,
}) => {
  test.slow()
  // Two comments on version 1: one on words version 2 keeps, one on words it drops.
  const { postId } = await openPaper(page, server, 'hive-v1.pdf')
  for (const [words, text] of [
    ['fan their wings', 'Kept passage comment'],
    ['brood grows too warm', 'Dropped passage comment'],
  ]) {
    await selectWords(page, 2, words)
    await page.getByRole('button', { name: 'Comment on this passage' }).click()
    const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
    await dialog.getByLabel('Your comment').fill(text)
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
    await expect(dialog).toBeHidden()
  }
  // Version 2: a page more, and the sentence rewritten around the kept words.
  const v2 = await paperPdf(4, 'In hot weather the workers fan their wings at the entrance of the hive.')
  await newVersion(page, server, postId, 'hive-v2.pdf', v2)

  await page.reload()
  const pages = page.getByRole('region', { name: 'hive-v2.pdf, pages' })
  await pages.locator('.pdfv__page[data-page="2"]').scrollIntoViewIfNeeded()
  const kept = page.getByRole('article').filter({ hasText: 'Kept passage comment' })
  const dropped = page.getByRole('article').filter({ hasText: 'Dropped passage comment' })
  // Found again: marked in version 2's file, and its comment leads there.
  const mark = pages.getByRole('button', { name: /Kept passage comment/ })
  await expect(mark).toHaveText('fan their wings')
  await expect(pages.getByRole('button', { name: /Dropped passage comment/ })).toHaveCount(0)
  await expect(kept.getByText('on version 1', { exact: true })).toBeVisible()
  // Not found: the comment says so and links to version 1.
  const changed = dropped.getByRole('link', { name: 'on version 1, passage changed' })
  await expect(changed).toBeVisible()
  await changed.click()
  await expect(page).toHaveURL(/version=1/)
  await expect(page.getByRole('region', { name: 'hive-v1.pdf, pages' })).toBeVisible()
})

test('by keyboard only: quote a passage by its words, comment on it, its mark opens the thread; axe at 375 and 1280 px', async ({
  page,
  server,
}) => {
  test.slow()
  const { pages } = await openPaper(page, server)
  await expect(pages.locator('.pdfv__page[data-page="1"]')).toHaveAttribute('data-drawn', 'true')

  // Tab reaches "Quote a passage"; Escape closes its dialog and gives the focus back.
  const quote = page.getByRole('button', { name: 'Quote a passage' })
  await tabTo(page, quote, 60)
  await page.keyboard.press('Enter')
  const quoting = page.getByRole('dialog', { name: 'Quote a passage' })
  await expect(quoting.getByRole('textbox', { name: 'Words to quote' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(quoting).toBeHidden()
  await expect(quote).toBeFocused()

  // Typed words (case and spaces as a reader types them) are found on page 2; Enter goes to the place.
  await page.keyboard.press('Enter')
  await page.keyboard.type('the entrance')
  await expect(quoting.getByText('Found in 1 place.')).toBeVisible()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('FAN their  wings')
  await expect(quoting.getByText('Found in 1 place.')).toBeVisible()
  await page.keyboard.press('Enter')
  const place = quoting.getByRole('button', { name: /^p\. 2/ })
  await expect(place).toBeFocused()
  await expect(place).toContainText('Workers fan their wings at the entrance')
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog).toContainText('About this passage on page 2')
  await expect(dialog).toContainText('fan their wings')
  await expect(dialog.getByLabel('Your comment')).toBeFocused()
  await page.keyboard.type('Typed, not dragged.')
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()

  // The passage is marked; Tab reaches its mark, Enter opens the thread.
  const mark = pages.getByRole('button', { name: /^Passage commented on by .*: Typed, not dragged\./ })
  await expect(mark).toHaveText('fan their wings')
  await tabTo(page, mark, 60)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('article').filter({ hasText: 'Typed, not dragged.' })).toBeInViewport()

  for (const [width, theme] of [
    [375, 'dark'],
    [1280, 'light'],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width, height: 800 })
    // The new width redraws the pages (and their marks): scrolled to once it is drawn again.
    await expect(async () => {
      await mark.scrollIntoViewIfNeeded({ timeout: 1000 })
      await expect(mark).toBeInViewport({ timeout: 1000 })
    }).toPass({ timeout: 15_000 })
    await expectAccessible(page, `the PDF viewer with a marked passage, ${theme} theme, ${width} px`)
  }
})
