import type { Page } from '@playwright/test'
import { apiMakePost, apiMakeReview, type ReviewInput, uploadFile } from './factories'
import { expect, expectAccessible, expectConsoleErrors, people, test } from './fixtures'

const SUMMARY = [
  'The notes measure respiration in a yeast mutant and attribute the fall in oxygen uptake to the',
  'cytochrome gene. The rescue experiment is convincing, but the galactose condition has no wild-type',
  'control, so the effect of the carbon source cannot be told apart from the effect of the mutation.',
].join(' ')

const REVIEW: ReviewInput = {
  summary: SUMMARY,
  ratings: { soundness: 4, novelty: 3, clarity: 5, reproducibility: 2, significance: 4 },
  confidence: 3,
  competing_interests: 'None',
}

const reviewsSection = (page: Page) => page.locator('#reviews')
const reviewsHeading = (page: Page) => reviewsSection(page).getByRole('heading', { level: 2 })

/** Chooses `score` in the radio group focus has just entered (none chosen yet), by arrow keys only. */
async function chooseByKeys(page: Page, score: number) {
  if (score === 1) await page.keyboard.press('Space')
  for (let step = 1; step < score; step += 1) await page.keyboard.press('ArrowRight')
}

test('a reader writes a review with the keyboard and it shows with the ratings chart', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { pages } = await people(browser, request, server, 'author', 'critic')
  const [authorPage, critic] = pages
  const postId = await apiMakePost(
    authorPage.request,
    server,
    { title: 'Yeast respiration notes', summary: '', tags: 'e2e' },
    { file: uploadFile('notes.txt', 'Respiration of a yeast mutant.\n') },
  )
  await critic.goto(`/forum/detail/${postId}`)
  await expect(reviewsHeading(critic)).toHaveText('Reviews (0)')
  await expect(reviewsSection(critic).getByText(/^No reviews yet/)).toBeVisible()

  await reviewsSection(critic).getByRole('button', { name: 'Write a review' }).click()
  const dialog = critic.getByRole('dialog', { name: 'Write a review' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Version reviewed')).toHaveValue('1')

  // Sent empty, the form names what is missing and focus goes to the first of them.
  await dialog.getByRole('button', { name: 'Publish review' }).click()
  await expect(dialog.getByText('Some fields need your attention.')).toBeVisible()
  const summary = dialog.getByRole('textbox', { name: 'Summary' })
  await expect(summary).toBeFocused()
  await expect(dialog.getByText('The summary needs at least 200 characters.')).toBeVisible()
  await summary.fill(SUMMARY.slice(0, 150))
  await expect(dialog.getByText('150 / 20,000 characters, at least 200')).toBeVisible()
  await summary.fill(SUMMARY)
  await expect(dialog.getByText(`${SUMMARY.length} / 20,000 characters, at least 200`)).toBeVisible()
  await expectAccessible(critic, 'the review dialog, with problems shown')

  // The scores by keyboard only: Tab into each group, arrows to the score.
  for (const [criterion, score] of Object.entries(REVIEW.ratings)) {
    await critic.keyboard.press('Tab')
    const group = dialog.getByRole('group', { name: criterion[0].toUpperCase() + criterion.slice(1) })
    await expect(group.getByRole('radio').first()).toBeFocused()
    await chooseByKeys(critic, score)
    await expect(group.getByRole('radio', { name: String(score) })).toBeChecked()
  }
  await critic.keyboard.press('Tab')
  await chooseByKeys(critic, REVIEW.confidence)
  await expect(
    dialog.getByRole('group', { name: 'Confidence' }).getByRole('radio', { name: '3' }),
  ).toBeChecked()
  await critic.keyboard.press('Tab')
  await expect(dialog.getByRole('textbox', { name: 'Competing interests' })).toBeFocused()
  await critic.keyboard.type('None')
  await dialog.getByRole('button', { name: 'Publish review' }).click()
  await expect(dialog).toBeHidden()

  await expect(reviewsHeading(critic)).toHaveText('Reviews (1)')
  const review = reviewsSection(critic).getByRole('article')
  await expect(review.getByText(/^The notes measure respiration/)).toBeVisible()
  await expect(review.getByText('Competing interests: None')).toBeVisible()
  await expect(review.getByRole('term').filter({ hasText: 'Soundness' })).toBeVisible()
  await expect(review.locator('[data-rating="clarity"] dd')).toHaveText('5/5')
  // Not one's own: no Helpful toggle for the reviewer, but Edit and Withdraw.
  await expect(review.getByRole('button', { name: /^Helpful/ })).toHaveCount(0)
  await expect(review.getByRole('button', { name: 'Edit your review' })).toBeVisible()

  // The chart: each bar's count is in a table for screen readers.
  const ratings = reviewsSection(critic).getByRole('region', { name: 'Ratings' })
  await expect(ratings.getByText('From 1 review')).toBeVisible()
  const soundness = ratings.getByRole('table', { name: 'How reviewers scored Soundness' })
  await expect(soundness.getByRole('row', { name: '4 1' })).toBeAttached()
  await expect(soundness.getByRole('row', { name: '1 0' })).toBeAttached()
  await expect(ratings.locator('[data-criterion="reproducibility"] .review-criterion__mean')).toHaveText(
    '2.0',
  )
  await expectAccessible(critic, 'the post with its reviews')

  // A second review of the same version is refused in the reader's words.
  expectConsoleErrors(critic, /status of 409/)
  await reviewsSection(critic).getByRole('button', { name: 'Write a review' }).click()
  await summary.fill(SUMMARY)
  for (const [criterion, score] of Object.entries(REVIEW.ratings))
    await dialog
      .getByRole('group', { name: criterion[0].toUpperCase() + criterion.slice(1) })
      .getByRole('radio', { name: String(score) })
      .check()
  await dialog.getByRole('group', { name: 'Confidence' }).getByRole('radio', { name: '4' }).check()
  await dialog.getByRole('textbox', { name: 'Competing interests' }).fill('None')
  await dialog.getByRole('button', { name: 'Publish review' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/already reviewed this version/)
  await critic.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // The work's author sees no Write a review.
  await authorPage.goto(`/forum/detail/${postId}`)
  await expect(reviewsHeading(authorPage)).toHaveText('Reviews (1)')
  await expect(reviewsSection(authorPage).getByRole('button', { name: 'Write a review' })).toHaveCount(0)
})

test('the author responds once and another reader marks the review helpful', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { pages } = await people(browser, request, server, 'author', 'critic', 'reader')
  const [authorPage, critic, reader] = pages
  const postId = await apiMakePost(authorPage.request, server, { title: 'Notes', summary: '', tags: 'e2e' })
  await apiMakeReview(critic.request, server, postId, REVIEW)

  await authorPage.goto(`/forum/detail/${postId}`)
  const review = reviewsSection(authorPage).getByRole('article')
  const response = review.getByRole('textbox', { name: 'Your response to this review' })
  await response.fill('Thank you: a **wild-type** control on galactose is in version 2.')
  await review.getByRole('button', { name: 'Respond' }).click()
  const answer = review.getByRole('region', { name: /The author’s response/ })
  await expect(answer.locator('strong', { hasText: 'wild-type' })).toBeVisible()
  await expect(response).toHaveCount(0)

  await reader.goto(`/forum/detail/${postId}`)
  const seen = reviewsSection(reader).getByRole('article')
  await expect(seen.getByRole('region', { name: /The author’s response/ })).toContainText('wild-type')
  await expect(seen.getByRole('textbox', { name: 'Your response to this review' })).toHaveCount(0)
  const helpful = seen.getByRole('button', { name: 'Helpful (0)' })
  await expect(helpful).toHaveAttribute('aria-pressed', 'false')
  await helpful.click()
  const marked = seen.getByRole('button', { name: 'Helpful (1)' })
  await expect(marked).toHaveAttribute('aria-pressed', 'true')
  await marked.click()
  await expect(seen.getByRole('button', { name: 'Helpful (0)' })).toHaveAttribute('aria-pressed', 'false')
  await seen.getByRole('button', { name: 'Helpful (0)' }).click()
  await expect(seen.getByRole('button', { name: 'Helpful (1)' })).toBeVisible()

  await critic.goto(`/forum/detail/${postId}`)
  await expect(reviewsSection(critic).getByText('1 found this helpful')).toBeVisible()
  await expectAccessible(reader, 'a review with a response, marked helpful')
})

test('the Reviews section and its dialog speak Chinese', async ({ browser, request, server }) => {
  test.setTimeout(90_000)
  const { pages } = await people(browser, request, server, 'author', 'critic', 'reader')
  const [authorPage, critic, reader] = pages
  const postId = await apiMakePost(authorPage.request, server, { title: 'Notes', summary: '', tags: 'e2e' })
  await apiMakeReview(critic.request, server, postId, REVIEW)
  await reader.evaluate(() => localStorage.setItem('lang', 'zh'))
  await reader.goto(`/forum/detail/${postId}`)
  await expect(reviewsHeading(reader)).toHaveText('评审 (1)')
  const ratings = reviewsSection(reader).getByRole('region', { name: '评分' })
  await expect(ratings.getByText('共 1 篇评审')).toBeVisible()
  await expect(ratings.getByRole('table', { name: '评审者对严谨性的打分' })).toBeAttached()
  await expect(reviewsSection(reader).getByText('利益冲突： None')).toBeVisible()
  await reviewsSection(reader).getByRole('button', { name: '撰写评审' }).click()
  const dialog = reader.getByRole('dialog', { name: '撰写评审' })
  await expect(dialog.getByRole('group', { name: '可复现性' })).toBeVisible()
  await expect(dialog.getByLabel('评审的版本')).toHaveValue('1')
  await expect(dialog.getByRole('button', { name: '发表评审' })).toBeVisible()
  await expectAccessible(reader, 'the review dialog, in Chinese')
})

test('the reviewer edits past a conflicting edit, sees the history, then withdraws', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { pages } = await people(browser, request, server, 'author', 'critic')
  const [authorPage, critic] = pages
  const postId = await apiMakePost(authorPage.request, server, { title: 'Notes', summary: '', tags: 'e2e' })
  const reviewId = await apiMakeReview(critic.request, server, postId, REVIEW)
  await critic.goto(`/forum/detail/${postId}`)
  const review = reviewsSection(critic).getByRole('article')
  await review.getByRole('button', { name: 'Edit your review' }).click()
  const dialog = critic.getByRole('dialog', { name: 'Edit your review' })
  await expect(dialog.getByText('You are editing your review of version 1.')).toBeVisible()
  await expect(dialog.getByRole('group', { name: 'Clarity' }).getByRole('radio', { name: '5' })).toBeChecked()

  // Meanwhile the same review is changed elsewhere (another tab): saving shows both summaries.
  const elsewhere = await critic.request.patch(`${server.url}/api/v1/reviews/${reviewId}`, {
    headers: { origin: server.url },
    data: { base_revision: 1, confidence: 4 },
  })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)
  expectConsoleErrors(critic, /status of 409/)
  await dialog.getByRole('group', { name: 'Soundness' }).getByRole('radio', { name: '2' }).check()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByRole('alert').first()).toContainText('now revision 2')
  await expectAccessible(critic, 'the review dialog with an edit conflict')
  await dialog.getByRole('button', { name: 'Keep my edit' }).click()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(review.locator('[data-rating="soundness"] dd')).toHaveText('2/5')

  await review.getByRole('button', { name: /^edited/ }).click()
  const history = critic.getByRole('dialog', { name: 'Review history' })
  await expect(history).toBeVisible()
  await critic.keyboard.press('Escape')
  await expect(history).toBeHidden()

  await review.getByRole('button', { name: 'Withdraw your review' }).click()
  const confirm = critic.getByRole('dialog', { name: 'Withdraw your review?' })
  await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(review.getByText('Withdrawn by the reviewer')).toBeVisible()
  await expect(review.getByRole('term')).toHaveCount(0)
  await expect(reviewsHeading(critic)).toHaveText('Reviews (0)')
  await expect(reviewsSection(critic).getByRole('region', { name: 'Ratings' })).toHaveCount(0)
})

test('a reader invites a reviewer by username', async ({ browser, request, server }) => {
  test.setTimeout(90_000)
  const { users, pages } = await people(browser, request, server, 'author', 'reader', 'expert')
  const [, , expert] = users
  const [authorPage, reader] = pages
  const postId = await apiMakePost(authorPage.request, server, { title: 'Notes', summary: '', tags: 'e2e' })
  await reader.goto(`/forum/detail/${postId}`)
  await reviewsSection(reader).getByRole('button', { name: 'Invite a reviewer' }).click()
  const dialog = reader.getByRole('dialog', { name: 'Invite a reviewer' })
  const username = dialog.getByRole('textbox', { name: 'Username' })
  await expect(username).toBeFocused()
  expectConsoleErrors(reader, /status of 404/)
  await username.fill('nobody-by-this-name')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/^User not found/)
  await expectAccessible(reader, 'the invitation dialog with a refusal')
  await username.fill(expert.username)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  await expect(reader.getByText(`Invitation sent to ${expert.username}`)).toBeVisible()
})

test('the author edits their answer past a conflict; a reader opens its history and cites the review', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { pages } = await people(browser, request, server, 'author', 'critic', 'reader')
  const [authorPage, critic, reader] = pages
  const postId = await apiMakePost(authorPage.request, server, { title: 'Notes', summary: '', tags: 'e2e' })
  const reviewId = await apiMakeReview(critic.request, server, postId, REVIEW)
  const answered = await authorPage.request.post(`${server.url}/api/v1/reviews/${reviewId}/response`, {
    headers: { origin: server.url },
    data: { content: 'Thank you: the control is coming.' },
  })
  expect(answered.status(), await answered.text()).toBe(201)

  await authorPage.goto(`/forum/detail/${postId}`)
  const review = reviewsSection(authorPage).getByRole('article')
  await review.getByRole('button', { name: 'Edit your response' }).click()
  const text = review.getByRole('textbox', { name: 'Edit your response' })
  await expect(text).toHaveValue('Thank you: the control is coming.')

  // Meanwhile the answer is changed elsewhere: saving shows both texts.
  const elsewhere = await authorPage.request.patch(`${server.url}/api/v1/reviews/${reviewId}/response`, {
    headers: { origin: server.url },
    data: { base_revision: 1, content: 'Thank you: the control is in version 2.' },
  })
  expect(elsewhere.status(), await elsewhere.text()).toBe(200)
  expectConsoleErrors(authorPage, /status of 409/)
  await text.fill('Thank you: the galactose control is in version 2.')
  await review.getByRole('button', { name: 'Save response' }).click()
  await expect(review.getByRole('alert').first()).toContainText('now revision 2')
  await expectAccessible(authorPage, 'the answer with an edit conflict')
  await review.getByRole('button', { name: 'Keep my edit' }).click()
  await review.getByRole('button', { name: 'Save response' }).click()
  const answer = review.getByRole('region', { name: /The author’s response/ })
  await expect(answer).toContainText('the galactose control is in version 2.')

  await reader.goto(`/forum/detail/${postId}`)
  const seen = reviewsSection(reader).getByRole('article')
  await expect(seen.getByRole('button', { name: 'Edit your response' })).toHaveCount(0)
  await seen
    .getByRole('region', { name: /The author’s response/ })
    .getByRole('button', { name: /^edited/ })
    .click()
  const history = reader.getByRole('dialog', { name: 'Response history' })
  await expect(history).toContainText('galactose')
  await reader.keyboard.press('Escape')
  await expect(history).toBeHidden()

  await seen.getByRole('button', { name: 'Cite' }).click()
  const cite = reader.getByRole('dialog', { name: /^Cite the review by/ })
  await expect(cite.getByRole('region', { name: 'Citation in APA' })).toContainText('Notes')
  await cite.getByRole('radio', { name: 'BibTeX' }).check()
  await expect(cite.getByRole('region', { name: 'Citation in BibTeX' })).toContainText('@')
  await expectAccessible(reader, 'the review cite dialog')
  await reader.keyboard.press('Escape')
  await expect(cite).toBeHidden()
  await expect(seen.getByRole('button', { name: 'Report this review' })).toBeVisible()
})
