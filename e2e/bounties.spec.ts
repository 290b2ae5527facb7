import { type Browser, type Page, request as playwrightRequest } from '@playwright/test'
import { apiMakePost, apiMakeReview, apiSignIn, type ReviewInput } from './factories'
import {
  type AgoraServer,
  test as base,
  createUser,
  expect,
  expectAccessible,
  loginViaApi,
  people,
  startServer,
  type TestUser,
  workerServer,
} from './fixtures'

/**
 * A post pays its author at once here (no account age, no hold), so a funder's first post is their
 * balance: 1,500 tokens claimable, enough for figures the locale groups.
 */
const test = base.extend<object, { server: AgoraServer }>({
  server: workerServer(() =>
    startServer({
      REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
      REWARDS_HOLD_HOURS: '0',
      REWARDS_MIN_CLAIM: '1',
      REWARDS_POST_PUBLISHED: '1500',
      ANALYSIS_WORKERS: '0',
    }),
  ),
})

/** The server refuses awards across one device (IP prefix and User-Agent): the reviewer has their own. */
const REVIEWER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AgoraE2EReviewer/1.0'

const REVIEW: ReviewInput = {
  summary: [
    'The notes estimate soil carbon from loss on ignition across three plots and compare them with',
    'an elemental analyser. The agreement is good on the clay plot, but the sandy plot has only two',
    'samples, so the claim that the method holds across textures rests on too little data to judge.',
  ].join(' '),
  ratings: { soundness: 3, novelty: 3, clarity: 4, reproducibility: 3, significance: 3 },
  confidence: 4,
  competing_interests: 'None',
}

const section = (page: Page) => page.locator('#reviews')
const bountiesOf = (page: Page) => section(page).getByRole('region', { name: 'Review bounties' })

/** The reviewer in a browser context of their own device, signed in; answers the page. */
async function reviewerPage(browser: Browser, server: AgoraServer, user: TestUser) {
  const context = await browser.newContext({
    baseURL: server.url,
    userAgent: REVIEWER_AGENT,
    extraHTTPHeaders: { 'user-agent': REVIEWER_AGENT },
  })
  const page = await context.newPage()
  await loginViaApi(page, server, user)
  return page
}

/** The day `days` from today in UTC, as the bounty list shows a deadline in English. */
function utcDayText(days: number) {
  const now = new Date()
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * 86_400_000
  return {
    iso: new Date(day).toISOString().slice(0, 10),
    text: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(day),
  }
}

test('a funder funds a bounty by keyboard, awards part of it, and both see it', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(150_000)
  const { pages } = await people(browser, request, server, 'author', 'funder')
  const [authorPage, funder] = pages
  const title = 'Soil carbon notes'
  const postId = await apiMakePost(authorPage.request, server, { title, summary: '', tags: 'e2e' })
  // The funder's own post is their balance.
  await apiMakePost(funder.request, server, { title: 'Funder field notes', summary: '', tags: 'e2e' })

  await funder.goto(`/forum/detail/${postId}`)
  const bounties = bountiesOf(funder)
  await expect(bounties.getByText(/^No open bounties/)).toBeVisible()

  // Escape closes the dialog and focus comes back to its button.
  const open = bounties.getByRole('button', { name: 'Fund a review' })
  await open.focus()
  await funder.keyboard.press('Enter')
  const dialog = funder.getByRole('dialog', { name: 'Fund a review' })
  await expect(dialog).toBeVisible()
  await funder.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  await funder.keyboard.press('Enter')
  const amount = dialog.getByRole('textbox', { name: 'Amount (whole tokens)' })
  await expect(amount).toBeFocused()
  await expect(dialog.getByText('You can put in up to 1,500 tokens.')).toBeVisible()
  const deadline = dialog.getByLabel('Deadline')
  const [min, max, chosen] = [utcDayText(1), utcDayText(60), utcDayText(14)]
  await expect(deadline).toHaveAttribute('min', min.iso)
  await expect(deadline).toHaveAttribute('max', max.iso)
  await expect(deadline).toHaveValue(chosen.iso)

  // More than the balance is refused before anything is sent.
  await funder.keyboard.type('2000')
  await funder.keyboard.press('Enter')
  await expect(
    dialog.getByText('You can put in at most 1,500 tokens: that is your claimable balance.'),
  ).toBeVisible()
  await expect(amount).toBeFocused()
  await expectAccessible(funder, 'the fund dialog, with a problem shown')

  await funder.keyboard.press('ControlOrMeta+a')
  await funder.keyboard.type('1200')
  await funder.keyboard.press('Tab')
  const wanted = dialog.getByRole('combobox', { name: 'Reviews wanted' })
  await expect(wanted).toBeFocused()
  await funder.keyboard.press('ArrowDown')
  await expect(wanted).toHaveValue('2')
  await funder.keyboard.press('Tab')
  await expect(deadline).toBeFocused()
  await amount.press('Enter')
  await expect(dialog).toBeHidden()

  const bounty = bounties.getByTestId('bounty')
  await expect(bounty).toHaveCount(1)
  await expect(bounty).toContainText('1,200 of 1,200 tokens left')
  await expect(bounty).toContainText('2 reviews wanted')
  await expect(bounty).toContainText(`Ends ${chosen.text}`)
  await expect(bounty.getByRole('button', { name: 'Cancel bounty' })).toBeVisible()
  await expectAccessible(funder, 'the Reviews section with an open bounty')

  // The escrow left the funder's claimable balance.
  await funder.goto('/mypage')
  await expect(funder.getByRole('region', { name: 'Rewards' }).getByTestId('rewards-claimable')).toHaveText(
    '300 tokens',
  )

  // The reviewer, on a device of their own, reviews the work after the bounty opened.
  const reviewerApi = await playwrightRequest.newContext({ userAgent: REVIEWER_AGENT })
  const reviewerUser = await createUser(reviewerApi, server, 'critic')
  await apiSignIn(reviewerApi, server, reviewerUser)
  const reviewId = await apiMakeReview(reviewerApi, server, postId, REVIEW)
  await reviewerApi.dispose()

  await funder.goto(`/forum/detail/${postId}`)
  const review = section(funder).locator(`#review-${reviewId}`)
  await review.getByRole('button', { name: 'Award' }).click()
  const award = funder.getByRole('dialog', { name: /^Award the review by/ })
  await expect(award.getByText(/^From your bounty: 1,200 of 1,200 tokens left/)).toBeVisible()
  await award.getByRole('textbox', { name: 'Amount (whole tokens)' }).fill('1300')
  await award.getByRole('button', { name: 'Award' }).click()
  await expect(award.getByText('This bounty has 1,200 tokens left.')).toBeVisible()
  await award.getByRole('textbox', { name: 'Amount (whole tokens)' }).fill('400')
  await award.getByRole('button', { name: 'Award' }).click()
  await expect(award).toBeHidden()
  await expect(review.getByTestId('review-award')).toHaveText('Awarded 400 tokens')
  await expect(bountiesOf(funder).getByTestId('bounty')).toContainText('800 of 1,200 tokens left')
  await expect(review.getByRole('button', { name: 'Award' })).toHaveCount(0)

  const reviewer = await reviewerPage(browser, server, reviewerUser)
  await reviewer.goto(`/forum/detail/${postId}`)
  const own = section(reviewer).locator(`#review-${reviewId}`)
  await expect(own.getByTestId('review-award')).toHaveText('Awarded 400 tokens')
  await expect(bountiesOf(reviewer).getByRole('button', { name: 'Cancel bounty' })).toHaveCount(0)
  await reviewer.context().close()

  // The funder's own page lists the bounty with its award.
  await funder.goto('/mypage?tab=bounties')
  const mine = funder.getByRole('list', { name: 'Bounties you funded' }).getByTestId('my-bounty')
  await expect(mine).toHaveCount(1)
  await expect(mine.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/forum/detail/${postId}#reviews`,
  )
  await expect(mine).toContainText('1,200 tokens')
  await expect(mine).toContainText('800 tokens')
  await expect(mine).toContainText('Open')
  await expect(mine).toContainText(chosen.text)
  await expect(mine.getByRole('list', { name: /^Awards from your bounty/ })).toContainText(
    `${reviewerUser.username}: 400 tokens`,
  )
  await expectAccessible(funder, 'the Bounties tab')
})

test('a funder cancels a bounty after confirming and the tokens come back', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(90_000)
  const { pages } = await people(browser, request, server, 'author', 'funder')
  const [authorPage, funder] = pages
  const postId = await apiMakePost(authorPage.request, server, {
    title: 'Peat notes',
    summary: '',
    tags: 'e2e',
  })
  await apiMakePost(funder.request, server, { title: 'Funder notes', summary: '', tags: 'e2e' })
  const answer = await funder.request.post(`${server.url}/api/v1/media/${postId}/bounties`, {
    headers: { origin: server.url },
    data: { amount: 3, reviews_wanted: 1, deadline: utcDayText(5).iso },
  })
  expect(answer.status(), await answer.text()).toBe(201)

  await funder.goto(`/forum/detail/${postId}`)
  const bounties = bountiesOf(funder)
  await bounties.getByRole('button', { name: 'Cancel bounty' }).click()
  const confirm = funder.getByRole('dialog', { name: 'Cancel this bounty?' })
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await expect(bounties.getByTestId('bounty')).toHaveCount(1)
  await bounties.getByRole('button', { name: 'Cancel bounty' }).click()
  await confirm.getByRole('button', { name: 'Cancel bounty' }).click()
  await expect(bounties.getByText(/^No open bounties/)).toBeVisible()
  await bounties.getByText('1 ended bounty').click()
  await expect(bounties.getByRole('list', { name: 'Ended bounties' })).toContainText('Cancelled')

  await bounties.getByRole('button', { name: 'Fund a review' }).click()
  await expect(funder.getByText('You can put in up to 1,500 tokens.')).toBeVisible()
})

test('the bounties speak Chinese, with the figures and dates of a Chinese reader', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(90_000)
  const { pages } = await people(browser, request, server, 'author', 'funder')
  const [authorPage, funder] = pages
  const postId = await apiMakePost(authorPage.request, server, {
    title: 'Moss notes',
    summary: '',
    tags: 'e2e',
  })
  await apiMakePost(funder.request, server, { title: 'Funder notes', summary: '', tags: 'e2e' })
  const deadline = utcDayText(14)
  const answer = await funder.request.post(`${server.url}/api/v1/media/${postId}/bounties`, {
    headers: { origin: server.url },
    data: { amount: 1200, reviews_wanted: 2, deadline: deadline.iso },
  })
  expect(answer.status(), await answer.text()).toBe(201)

  await funder.evaluate(() => localStorage.setItem('lang', 'zh'))
  await funder.goto(`/forum/detail/${postId}`)
  const bounties = section(funder).getByRole('region', { name: '评审赏金' })
  const bounty = bounties.getByTestId('bounty')
  await expect(bounty).toContainText('剩余 1,200 / 1,200 代币')
  await expect(bounty).toContainText('征集 2 篇评审')
  const day = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.parse(`${deadline.iso}T12:00:00Z`),
  )
  await expect(bounty).toContainText(`${day}截止`)
  await bounties.getByRole('button', { name: '悬赏评审' }).click()
  const dialog = funder.getByRole('dialog', { name: '悬赏评审' })
  await expect(dialog.getByText('最多可投入 300 代币。')).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: '征集评审数' })).toBeVisible()
  await expectAccessible(funder, 'the fund dialog, in Chinese')
})
