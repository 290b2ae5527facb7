/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { randomBytes } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { apiBearer, apiMakePost, minimalPdf, submitUploadForm, uniqueWord, uploadFile } from './factories'
import {
  createUser,
  expect,
  expectConsoleErrors,
  logInWithForm,
  pressLike,
  signInThroughDialog,
  test,
} from './fixtures'

// ---- Files made here: a real PNG and a real PDF, no fixtures on disk ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A valid RGB PNG of random pixels: noise does not compress, so a 1000×1000 image is ~3 MB — enough
 * bytes for the upload's progress events to be seen under a throttled connection.
 */
function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour, deflate, no filter, no interlace
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

test('upload an image and a PDF, find the post by tag, read it, like and unlike it, delete it', async ({
  page,
  context,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const user = await createUser(request, server, 'poster')
  const tag = uniqueWord()
  const title = `Cell counts ${tag}`
  const png = noisePng(1000, 1000)
  const pdf = minimalPdf('Staining protocol')

  await logInWithForm(page, user, '/upload')
  await expect(page.getByRole('button', { name: `Account: ${user.username}` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Decentralized Storage on IPFS' })).toBeVisible()

  // Pick the files, check the list, remove and re-add one.
  const picker = page.getByLabel(/Choose files/)
  await picker.setInputFiles([
    { name: 'cells.png', mimeType: 'image/png', buffer: png },
    { name: 'protocol.pdf', mimeType: 'application/pdf', buffer: pdf },
  ])
  await expect(page.getByRole('heading', { name: 'Selected files (2)' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove protocol.pdf' }).click()
  await expect(page.getByRole('heading', { name: 'Selected files (1)' })).toBeVisible()
  await picker.setInputFiles([{ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: pdf }])
  await expect(page.getByRole('heading', { name: 'Selected files (2)' })).toBeVisible()

  // Without a title the form says so at the title, which stands outside the folded metadata.
  await page.getByRole('button', { name: 'Upload Files' }).click()
  await expect(page.getByText('Please enter a title')).toBeVisible()
  await expect(page.getByLabel('Title (required)')).toBeFocused()

  await page.getByLabel('Title (required)').fill(title)
  await page.getByRole('button', { name: 'Add Metadata' }).click()
  await page.getByLabel('Summary (optional)').fill('Counting stained cells by hand and by script.')
  await page
    .getByLabel('Content (optional)')
    .fill('## Method\n\nCounts are **double-checked** by a second person.')
  await page.getByLabel('Tags (optional)').fill(`${tag}, Microscopy`)
  await page.getByLabel(/^Public/).check()

  // A slow line (about 2 MB/s up) so the browser reports the upload as it goes.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 50 * 1024 * 1024,
    uploadThroughput: 2 * 1024 * 1024,
  })
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { progressSeen: number[] }).progressSeen = seen
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]')
      const value = Number(bar?.getAttribute('aria-valuenow'))
      if (bar && seen.at(-1) !== value) seen.push(value)
    }).observe(document.body, { subtree: true, childList: true, attributes: true })
  })
  await page.getByRole('button', { name: 'Upload Files' }).click()
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible()
  const success = page.getByRole('status').filter({ hasText: 'Upload successful' })
  await expect(success).toBeVisible({ timeout: 30_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen)
  expect(
    progress.some((value) => value > 0 && value < 100),
    `progress seen: ${progress}`,
  ).toBe(true)
  expect(Math.max(...progress)).toBe(100)
  expect(progress).toEqual([...progress].sort((a, b) => a - b))

  // The form clears itself about a second later; the link to the post stays.
  await expect(page.getByRole('heading', { name: /Selected files/ })).toBeHidden()
  await expect(page.getByLabel('Title (required)')).toHaveValue('')
  const postLink = success.getByRole('link', { name: 'View post' })
  const postPath = await postLink.getAttribute('href')
  expect(postPath).toMatch(/^\/forum\/detail\/[\w-]+$/)
  const postId = postPath!.split('/').pop()!

  // Find it in the forum by its tag, typed into the search box (the URL follows).
  await page.goto('/forum')
  await expect(page.getByRole('heading', { level: 1, name: 'Community Forum' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(tag)
  await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}`))
  const card = page.getByRole('article').filter({ hasText: title })
  await expect(card).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card.getByText(`#${tag}`)).toBeVisible()
  await expect(card.getByText('#microscopy')).toBeVisible()

  // The card opens the post in a new tab.
  const cardLink = card.getByRole('link', { name: new RegExp(title) })
  await expect(cardLink).toHaveAttribute('target', '_blank')
  const [detail] = await Promise.all([context.waitForEvent('page'), cardLink.click()])
  const detailErrors: string[] = []
  detail.on('console', (message) => {
    if (message.type() === 'error') detailErrors.push(message.text())
  })
  detail.on('pageerror', (error) => detailErrors.push(error.message))
  await expect(detail).toHaveURL(new RegExp(`/forum/detail/${postId}$`))
  await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(detail.getByRole('link', { name: `Author: ${user.username}` })).toHaveAttribute(
    'href',
    `/author/${user.id}`,
  )
  // Markdown: headings start below the page's h1 (## becomes h3), bold is bold.
  await expect(detail.getByRole('heading', { level: 3, name: 'Method' })).toBeVisible()
  await expect(detail.locator('strong', { hasText: 'double-checked' })).toBeVisible()
  await expect(
    detail.getByRole('list', { name: 'Tags' }).getByRole('link', { name: `#${tag}` }),
  ).toHaveAttribute('href', `/tag/${tag}`)

  // The carousel shows the image first, then (arrow key) the PDF drawn by the app's viewer (pdf.js,
  // e2e/pdf-viewer.spec.ts). Its keys are the app's: the page the server drew is inert until the app
  // has taken over.
  await expect(detail.locator('#static-shell')).toHaveCount(0)
  const carousel = detail.getByRole('region', { name: 'Media' })
  await expect(carousel.getByRole('img', { name: 'cells.png' })).toBeVisible()
  await carousel.getByRole('button', { name: 'Next item' }).focus()
  await detail.keyboard.press('ArrowRight')
  await expect(carousel.getByText('2 of 2')).toBeVisible()
  const pages = carousel.getByRole('region', { name: 'protocol.pdf, pages' })
  await expect(pages.locator('.textLayer')).toContainText('Staining protocol')
  const download = carousel.getByRole('link', { name: 'Download' })
  const pdfResponse = await request.get(
    new URL((await download.getAttribute('href'))!, server.url).toString(),
  )
  expect(pdfResponse.status()).toBe(200)
  expect(Buffer.from(await pdfResponse.body()).equals(pdf)).toBe(true)
  await expect(carousel.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /download=1/)

  // Like, unlike: the counter follows at once and after a reload.
  const like = detail.getByRole('button', { name: /^Like,/ })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(like).toHaveAccessibleName('Like, 0 likes')
  await pressLike(detail, like, true, 1)
  await pressLike(detail, like, false, 0)

  // Delete (author only): menu, confirm, back to the forum, and the post is gone.
  await detail.getByRole('button', { name: 'Post actions' }).click()
  await detail.getByRole('menuitem', { name: 'Delete post' }).click()
  const dialog = detail.getByRole('dialog', { name: 'Delete this post?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(detail).toHaveURL(/\/forum$/)
  await expect(detail.getByText('Post deleted')).toBeVisible()
  await detail.getByRole('searchbox', { name: 'Search posts' }).fill(tag)
  await expect(detail.getByRole('heading', { name: 'No posts found' })).toBeVisible()
  // Gone, and it says so: 410 from the API and on its page, to its author too.
  const gone = await request.get(`${server.url}/api/v1/media/${postId}`)
  expect(gone.status()).toBe(410)
  expect((await gone.json()).code).toBe('post_deleted')
  expectConsoleErrors(page, /status of 410/) // the browser's note of the page's and the API's 410
  const visit = await page.goto(postPath!)
  expect(visit?.status()).toBe(410)
  await expect(
    page.getByRole('heading', { level: 1, name: 'This post was deleted by its author' }),
  ).toBeVisible()
  await expect(page.getByText('Its author took it down; nothing of it is kept here.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Moderation log' })).toHaveCount(0)
  await expect(page.locator('#static-shell')).toHaveCount(0) // the app took over from the drawn screen
  await expect(page.getByText(title)).toHaveCount(0)
})

test('a missing post says so', async ({ page }) => {
  expectConsoleErrors(page, /status of 404/) // the browser's note of the missing post's answers
  await page.goto('/forum/detail/01a20144-0000-7000-8000-000000000000')
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible()
  await expect(page.getByText("The post you're looking for doesn't exist or has been removed.")).toBeVisible()
})

test('the upload page checks the file count before sending anything', async ({ page, request, server }) => {
  const user = await createUser(request, server, 'limits')
  await logInWithForm(page, user, '/upload')
  await expect(page.getByRole('button', { name: `Account: ${user.username}` })).toBeVisible()
  const files = Array.from({ length: 6 }, (_, index) => ({
    name: `note-${index}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`note ${index}\n`),
  }))
  await page.getByLabel(/Choose files/).setInputFiles(files)
  await expect(page.getByRole('alert')).toHaveText('Maximum 5 files allowed')
  await expect(page.getByRole('heading', { name: 'Selected files (5)' })).toBeVisible()
})

test('the forum pages through a search by scrolling and Load More, sorts, and Back undoes the search', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(90_000)
  const user = await createUser(request, server, 'pager')
  const tag = uniqueWord()
  const titles = Array.from({ length: 14 }, (_, index) => `Paged note ${index + 1} ${tag}`)
  const headers = await apiBearer(request, server, user)
  for (const title of titles) await apiMakePost(request, server, { title, tags: tag }, { headers })

  await page.goto('/forum')
  const search = page.getByRole('searchbox', { name: 'Search posts' })
  await search.fill(tag.slice(0, 5))
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag.slice(0, 5)}$`))
  // Refining the search replaces the history entry: Back goes to the unsearched forum.
  await search.fill(tag)
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}$`))
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(12)

  // Scrolling to the end loads the rest once; every post appears exactly once.
  // (The wheel, not the Load More button: the list may already be loading the rest, which takes the
  // button away under a scroll aimed at it.)
  await cards.first().hover()
  await page.mouse.wheel(0, 20_000)
  await expect(cards).toHaveCount(14)
  await expect(page.getByText('You have reached the end.')).toBeVisible()
  const shown = await cards.getByRole('heading').allTextContents()
  expect(new Set(shown.map((text) => text.replace(' (opens in a new tab)', '').trim())).size).toBe(14)

  // Hot cycles descending → ascending → none, in the URL and in the button's name.
  await page.evaluate(() => window.scrollTo(0, 0))
  const hot = page.getByRole('button', { name: /^Hot:/ })
  await expect(hot).toHaveAttribute('aria-pressed', 'false')
  await hot.click()
  await expect(hot).toHaveAccessibleName('Hot: descending')
  await expect(page).toHaveURL(/sort=hot_desc/)
  await hot.click()
  await expect(hot).toHaveAccessibleName('Hot: ascending')
  await expect(page).toHaveURL(/sort=hot_asc/)
  await hot.click()
  await expect(hot).toHaveAccessibleName('Hot: not sorted')
  await expect(page).not.toHaveURL(/sort=/)
  await expect(cards).toHaveCount(12)

  // A small page: Load More (keyboard) brings the rest.
  await page.getByRole('button', { name: 'Recent: not sorted' }).click()
  await expect(page).toHaveURL(/sort=recent_desc/)
  await expect(cards.first()).toContainText(`Paged note 14 ${tag}`)
  await page.getByRole('button', { name: 'Load More' }).focus()
  await page.keyboard.press('Enter')
  await expect(cards).toHaveCount(14)
  await expect(cards.last()).toContainText(`Paged note 1 ${tag}`)

  // Back steps over the sort changes, then leaves the search for the plain forum with an empty box.
  for (let step = 0; step < 4; step++) await page.goBack()
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}$`))
  await expect(search).toHaveValue(tag)
  await page.goBack()
  await expect(page).toHaveURL(/\/forum$/)
  await expect(search).toHaveValue('')
})

test('uploading without a session opens the login card, then uploads', async ({ page, request, server }) => {
  const user = await createUser(request, server, 'anon')
  await page.goto('/upload')
  await expect(page.getByText('Please login to upload files')).toBeVisible()
  await submitUploadForm(page, 'Uploaded after signing in', uploadFile('readme.txt', 'plain words\n'))
  await signInThroughDialog(page, user)
  await expect(page.getByRole('status').filter({ hasText: 'Upload successful' })).toBeVisible()
  const stats = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user_basic_info') ?? 'null'))
  expect(stats?.stats.posts).toBe(1)
})
