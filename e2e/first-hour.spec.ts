// The first hour of a new researcher: stumbles found by trying the product as a newcomer,
// each shown fixed here (the signed-out "Write a Comment" is in comments.spec.ts).
import { waitFor } from '@agora/test-kit'
import { apiMakeComment, apiMakePost, minimalPdf, submitUploadForm } from './factories'
import { createUser, expect, expectConsoleErrors, loginViaApi, signedIn, signedInAt, test } from './fixtures'
import { newAddress } from './testWallet'

test('a signed-in member is invited to share their work, not to register', async ({ page, server }) => {
  await page.goto('/')
  const cta = page.locator('.home-cta')
  await expect(cta.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register')

  await signedInAt(page, server, '/')
  await expect(cta.getByRole('link', { name: 'Upload your work' })).toHaveAttribute('href', '/upload')
  await expect(cta.getByRole('link', { name: 'Register Now' })).toHaveCount(0)
})

test('the faucet form says what is wrong in words and forgets it once corrected', async ({
  page,
  server,
}) => {
  expectConsoleErrors(page, /status of 400/) // the browser's note of the faucet's refusal
  await signedInAt(page, server, '/token')
  const card = page.getByRole('region', { name: 'Get Tokens' })
  const address = card.getByLabel('Receiving address')
  const amount = card.getByLabel('Amount')
  const send = card.getByRole('button', { name: 'Get Tokens' })
  // The faucet's limits have arrived: the form checks the amount in its own words from here on (before
  // they arrive the server refuses in its words, which this test is not about).
  await expect(card.getByText(/^Up to .* tokens per request$/)).toBeVisible()

  await address.fill('not-a-solana-address')
  await amount.fill('1')
  await send.click()
  await expect(card.getByRole('alert')).toHaveText('Invalid Solana address')
  await address.fill(newAddress())
  await expect(card.getByRole('alert')).toHaveCount(0)

  // A negative amount is refused in words (the browser no longer swallows it), as is one over the limit.
  await amount.fill('-3')
  await send.click()
  await expect(card.getByText('Please enter an amount greater than 0')).toBeVisible()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await amount.fill('100000')
  await expect(card.getByText('Please enter an amount greater than 0')).toHaveCount(0)
  await send.click()
  await expect(card.getByText(/^At most .* tokens per request$/)).toBeVisible()
})

test('the embedded chain is named in the reader’s language', async ({ page }) => {
  await page.goto('/token')
  await expect(
    page.getByRole('region', { name: 'About this token' }).getByText('Local test chain'),
  ).toBeVisible()
  await page.evaluate(() => localStorage.setItem('lang', 'zh'))
  await page.reload()
  await expect(page.getByText('本地测试链')).toBeVisible()
  await expect(page.getByText('Local test chain')).toHaveCount(0)
})

test('after a successful upload the bar says the files are stored, not still being stored', async ({
  page,
  server,
}) => {
  await signedInAt(page, server, '/upload')
  await submitUploadForm(page, 'Field notes')
  await expect(page.getByRole('status').filter({ hasText: 'Upload successful' })).toBeVisible({
    timeout: 30_000,
  })
  const bar = page.locator('.upload-progress__text')
  await expect(bar).toContainText('Stored')
  await expect(bar).not.toContainText('Storing on the server')
})

test('an author page whose posts are private does not ask for them (no 403, no console error)', async ({
  page,
  browser,
  server,
}) => {
  const author = await createUser(page.request, server, 'quiet')
  const authorContext = await browser.newContext({ baseURL: server.url })
  const authorPage = await authorContext.newPage()
  await loginViaApi(authorPage, server, author)
  const saved = await authorPage.request.post(`${server.url}/api/v1/modify/modify_settings`, {
    form: { user_id: author.id, new_public_posts: 'false' },
    headers: { origin: server.url },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await authorContext.close()

  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(`/media/user/${author.id}/posts`)) asked.push(request.url())
  })
  await page.goto(`/author/${author.id}`)
  await page.getByRole('tab', { name: 'Posts', exact: true }).click()
  await expect(page.getByText('This user has chosen to keep their posts private.')).toBeVisible()
  expect(asked).toEqual([])
})

test('"likes" says which: received on an author page, given on one’s own page', async ({ page, server }) => {
  const ada = await signedIn(page, server)
  await page.goto(`/author/${ada.id}`)
  await expect(page.locator('.stat-card[data-stat="likes"] dt')).toHaveText('Likes received')
  await page.goto('/mypage')
  await expect(page.locator('.stat-card[data-stat="likes"] dt').first()).toHaveText('Likes given')
})

test('Markdown never shows raw in a quote or a list row; comment times read like every other time', async ({
  page,
  server,
}) => {
  await signedIn(page, server)
  const postId = await apiMakePost(page.request, server, { title: 'Buffers' })
  await apiMakeComment(
    page.request,
    server,
    postId,
    'The **spec** says `pH 7.4`, see [the paper](https://example.org).',
  )

  await page.goto(`/forum/detail/${postId}`)
  const comment = page.locator('#comments').getByRole('article').filter({ hasText: 'says' })
  const time = comment.locator('time')
  await expect(time).toHaveAttribute('title', /\d{4}/)
  await expect(time).not.toHaveText(/\d+\/\d+\/\d+/)
  await comment.getByRole('button', { name: /^Reply to/ }).click()
  const quote = page.getByRole('dialog').locator('blockquote')
  await expect(quote).toHaveText('The spec says pH 7.4, see the paper.')
  await page.keyboard.press('Escape')

  await page.goto('/mypage')
  await page.getByRole('tab', { name: 'Comments', exact: true }).click()
  await expect(page.locator('.profile-comment__content')).toHaveText('The spec says pH 7.4, see the paper.')
})

test('a new account with no rewards is told from when it earns, not just "0 tokens"', async ({
  page,
  server,
}) => {
  await signedInAt(page, server, '/mypage?tab=rewards')
  await expect(page.getByText('No rewards yet')).toBeVisible()
  await expect(
    page.getByText(/^New accounts start earning 24 hours after joining: yours earns from /),
  ).toBeVisible()
})

test('a too-long username or title is refused in words, not cut; a new username is confirmed first', async ({
  page,
  server,
}) => {
  const user = await signedInAt(page, server, '/mypage', 'rename')
  await page.getByRole('button', { name: 'Edit Username' }).click()
  const name = page.getByRole('textbox', { name: 'Username' })
  const long = 'a_researcher_with_a_long_chosen_name' // 36 characters
  await name.fill(long)
  await expect(name).toHaveValue(long) // nothing cut while typing
  await expect(page.getByText('36/20')).toHaveClass(/editable__count--over/)
  await name.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Use at most 20 characters: this is longer')
  await expect(name).toHaveValue(long)

  // A fitting name is confirmed, saying it is the sign-in name; Cancel keeps the old one.
  await name.fill('ada_renamed')
  await name.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Change your username?' })
  await expect(confirm).toContainText(
    `You will sign in as “ada_renamed” from now on, and your old name “${user.username}”`,
  )
  await confirm.getByRole('button', { name: `Keep “${user.username}”` }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()

  // A title over 40 characters is refused whole, never cut mid-word.
  await page.getByRole('button', { name: 'Edit Title' }).click()
  const title = page.getByRole('textbox', { name: 'Title' })
  await title.fill('Senior research fellow in computational neuroscience')
  await title.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Use at most 40 characters: this is longer')
  await title.press('Escape')
  await expect(page.getByText('Senior research fellow in computational')).toHaveCount(0)
})

test('at 375 px the forum search shows its whole placeholder and the figures sit two by two', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/forum')
  const search = page.getByRole('searchbox', { name: 'Search posts' })
  await expect(search).toHaveAttribute('placeholder', 'Search topics, tags, or authors...')
  // The placeholder's width in the field's own font against the room inside its padding.
  const room = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const inside =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
    return { text: context.measureText(input.placeholder).width, inside }
  })
  expect(room.text).toBeLessThanOrEqual(room.inside)
  const figures = page.locator('.forum-hero__stat')
  await expect(figures).toHaveCount(4)
  const tops = await figures.evaluateAll((items) =>
    items.map((item) => Math.round(item.getBoundingClientRect().top)),
  )
  expect(tops[0]).toBe(tops[1])
  expect(tops[2]).toBe(tops[3])
  expect(tops[2]).toBeGreaterThan(tops[0])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

test('at 375 px a 20-character username stays whole on My page and on the author page', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const user = await signedIn(page, server, 'abcdefghijklmnopqrst')
  expect(user.username).toHaveLength(20)
  // The name's lines, by the tops of its characters' boxes.
  const linesOf = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size
    })
  await page.goto('/mypage')
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  expect(await linesOf('h1.mypage-card__name')).toBe(1)
  await page.goto(`/author/${user.id}`)
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  expect(await linesOf('h1.author-header__name')).toBe(1)
})

test('one rule for names: a display name set on My page shows with @username on cards, the post and comments', async ({
  page,
  server,
}) => {
  const user = await signedIn(page, server, 'named')
  const postId = await apiMakePost(page.request, server, { title: 'Tide tables of the fjord' })
  await apiMakeComment(page.request, server, postId, 'The spring tides are the highest.')
  await page.goto('/mypage')
  await page.getByRole('button', { name: 'Edit Display name' }).click()
  const field = page.getByRole('textbox', { name: 'Display name' })
  await field.fill('Ada Lindqvist')
  await field.press('Enter')
  await expect(page.getByRole('region', { name: 'Your profile' }).getByText('Ada Lindqvist')).toBeVisible()
  // The header names the account the same way, at once and after a reload.
  await expect(page.getByRole('button', { name: 'Account: Ada Lindqvist' })).toBeVisible()

  await page.goto(`/forum/detail/${postId}`)
  await expect(page.getByRole('button', { name: 'Account: Ada Lindqvist' })).toBeVisible()
  const byline = `Ada Lindqvist@${user.username}`
  await expect(page.locator('.post__author-name')).toHaveText(byline)
  await expect(page.locator('.comment__author').first()).toHaveText(byline)
  await page.goto(`/forum?search=${encodeURIComponent('Tide tables of the fjord')}`)
  await expect(page.locator('.post-card__author-name').first()).toHaveText(byline)
  await page.goto(`/author/${user.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lindqvist' })).toBeVisible()
  await expect(page.getByText(`@${user.username}`)).toBeVisible()
})

test("at 375 px a PDF post's card shows the paper's first page, not a generic icon", async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'paper')
  const title = `Staining protocol ${Date.now()}`
  const postId = await apiMakePost(
    page.request,
    server,
    { title },
    { file: { name: 'protocol.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Staining protocol') } },
  )
  // The analysis draws the page once; the post names the picture when it is there.
  const thumbnail = await waitFor(
    async () => {
      const post = await (await page.request.get(`${server.url}/api/v1/media/${postId}`)).json()
      return post.media[0].thumbnail as string | undefined
    },
    'the analysis to draw the first page',
    60_000,
  )
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/forum?search=${encodeURIComponent(title)}`)
  const card = page.locator('.post-card', { hasText: title })
  const picture = card.locator('img.cover__page')
  await expect(picture).toHaveAttribute('src', thumbnail)
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(480)
  await expect(card.locator('.cover--file')).toHaveCount(0)
  // The sheet sits inside the card's cover, whole in width.
  const [sheet, cover] = await Promise.all([
    picture.boundingBox(),
    card.locator('.cover--page').boundingBox(),
  ])
  expect(sheet!.x).toBeGreaterThanOrEqual(cover!.x)
  expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(cover!.x + cover!.width)
})

test("at 375 px a post's Like, Save and comment-count buttons are one row of the same height", async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'rower')
  const postId = await apiMakePost(page.request, server, { title: 'Counters in a row' })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/forum/detail/${postId}`)
  const counters = page.locator('.post__counters')
  const boxes = await Promise.all(
    ['.like-button', '.save-button', '.post__comments-link'].map(async (selector) => {
      const box = await counters.locator(selector).boundingBox()
      expect(box, selector).not.toBeNull()
      return { selector, top: Math.round(box!.y), height: Math.round(box!.height) }
    }),
  )
  // Each is a touch target of at least 40 px, and none sits lower or shorter than the others.
  for (const box of boxes) expect(box.height, box.selector).toBeGreaterThanOrEqual(40)
  expect(new Set(boxes.map((box) => box.height)).size, JSON.stringify(boxes)).toBe(1)
  expect(new Set(boxes.map((box) => box.top)).size, JSON.stringify(boxes)).toBe(1)
})
