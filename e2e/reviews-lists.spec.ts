import type { APIRequestContext, Page } from '@playwright/test'
import { apiPostBy, apiSignIn, uniqueWord } from './factories'
import {
  type AgoraServer,
  createUsers,
  expect,
  expectAccessible,
  loginViaApi,
  type TestUser,
  test,
} from './fixtures'

const SUMMARY = `The argument holds and the data support it; section 2 could say more on the controls. ${'x'.repeat(150)}`

/** A review of the newest version of `postId` by `reviewer`, every criterion given `score`; answers its id. */
async function apiReview(
  request: APIRequestContext,
  server: AgoraServer,
  reviewer: TestUser,
  postId: string,
  score: number,
) {
  await apiSignIn(request, server, reviewer)
  const ratings = {
    soundness: score,
    novelty: score,
    clarity: score,
    reproducibility: score,
    significance: score,
  }
  const response = await request.post(`${server.url}/api/v1/media/${postId}/reviews`, {
    headers: { origin: server.url },
    data: { summary: SUMMARY, ratings, confidence: 4, competing_interests: 'None' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { _id: string })._id
}

/** As `user`, a POST to `path` with `data` as JSON; its status checked. */
async function apiPostAs(
  request: APIRequestContext,
  server: AgoraServer,
  user: TestUser,
  path: string,
  data: object,
  status: number,
) {
  await apiSignIn(request, server, user)
  const response = await request.post(`${server.url}/api/v1${path}`, {
    headers: { origin: server.url },
    data,
  })
  expect(response.status(), await response.text()).toBe(status)
}

const cardTitles = (page: Page) => page.locator('.post-card .post-card__link')

test('forum cards show their reviews, and the Reviewed filter and Highest rated sort narrow and order them', async ({
  page,
  request,
  server,
}) => {
  const [author, first, second] = await createUsers(request, server, 'writer', 'judge', 'critic')
  const tag = uniqueWord()
  const post = (title: string) => apiPostBy(request, server, author, { title, tags: tag })
  const plain = await post(`Unreviewed ${tag}`)
  const strong = await post(`Strong ${tag}`)
  const weak = await post(`Weak ${tag}`)
  await apiReview(request, server, first, strong, 4)
  await apiReview(request, server, second, strong, 5)
  await apiReview(request, server, first, weak, 2)
  expect(plain).toBeTruthy()

  await page.goto(`/forum?tag=${tag}`)
  await expect(cardTitles(page)).toHaveCount(3)
  const strongCard = page.locator('.post-card', { hasText: `Strong ${tag}` })
  await expect(strongCard.locator('.post-card__reviews')).toContainText('2 reviews · 4.5')
  await expect(
    page.locator('.post-card', { hasText: `Unreviewed ${tag}` }).locator('.post-card__reviews'),
  ).toHaveCount(0)

  // The tag filter keeps the fold open: tick Reviewed works and apply.
  const reviewed = page.getByRole('checkbox', { name: 'Reviewed works' })
  await reviewed.check()
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/reviewed=true/)
  await expect(cardTitles(page)).toHaveCount(2)

  const highest = page.getByRole('button', { name: 'Highest rated' })
  await highest.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/sort=rating_desc/)
  await expect(highest).toHaveAttribute('aria-pressed', 'true')
  await expect(cardTitles(page)).toHaveText([
    `Strong ${tag} (opens in a new tab)`,
    `Weak ${tag} (opens in a new tab)`,
  ])
  await expectAccessible(page, 'forum with the Reviewed filter and Highest rated')
})

test("the author page's Reviews tab lists a review with its helpful count, and counts it", async ({
  page,
  request,
  server,
}) => {
  const [author, reviewer] = await createUsers(request, server, 'writer', 'judge')
  const title = `Reviewed work ${uniqueWord()}`
  const postId = await apiPostBy(request, server, author, { title })
  const reviewId = await apiReview(request, server, reviewer, postId, 4)
  await apiPostAs(request, server, author, `/reviews/${reviewId}/helpful`, { action: 'mark' }, 200)

  await page.goto(`/author/${reviewer.id}`)
  await page.getByRole('tab', { name: 'Reviews' }).click()
  await expect(page).toHaveURL(/tab=reviews/)
  const list = page.getByRole('list', { name: 'Reviews' })
  const item = list.getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('Version 1')
  await expect(item).toContainText('Rated 4.0 of 5')
  await expect(item).toContainText('1 found it helpful')
  await expectAccessible(page, 'author Reviews tab')

  await page.getByRole('tab', { name: 'Statistics' }).click()
  await expect(page.locator('.stat-card[data-stat="reviews"] dd')).toHaveText('1')
  await page.getByRole('tab', { name: 'Reviews' }).click()
  await item.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/forum/detail/${postId}`))
})

test('My page lists a request to review and accepts it', async ({ page, request, server }) => {
  const [author, reviewer] = await createUsers(request, server, 'asker', 'invitee')
  const title = `Please review ${uniqueWord()}`
  const postId = await apiPostBy(request, server, author, { title })
  await apiPostAs(
    request,
    server,
    author,
    `/media/${postId}/review-requests`,
    { reviewer: reviewer.username },
    201,
  )

  await loginViaApi(page, server, reviewer)
  await page.goto('/mypage?tab=reviewRequests')
  const item = page
    .getByRole('list', { name: 'Review requests' })
    .getByRole('listitem')
    .filter({ hasText: title })
  await expect(item).toContainText(`Asked by ${author.username}`)
  await expectAccessible(page, 'My page review requests')
  await item.getByRole('button', { name: `Accept the request to review “${title}”` }).click()
  await expect(item).toContainText('Accepted')
  await expect(item.getByRole('button')).toHaveCount(0)
})
