/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
import { apiMakePost, uniqueWord } from './factories'
import { expect, expectAccessible, signedIn, test } from './fixtures'

test('a search marks where it matched; a tag filter narrows the list and survives a reload; a card’s tag leads to its page', async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'finder')
  const word = uniqueWord()
  const tag = `optics${uniqueWord()}`
  await apiMakePost(page.request, server, {
    title: 'Microscopy notes',
    summary: `We counted ${word} cells under the scope.`,
    tags: `${tag},methods`,
  })
  await apiMakePost(page.request, server, { title: `Other ${word} things`, tags: 'misc' })

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/forum')
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(word)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`search=${word}`))

  const grid = page.locator('.post-grid')
  const notes = grid.getByRole('article').filter({ hasText: 'Microscopy notes' })
  // The summary hit: its passage, labelled, the word in a <mark>; the title hit marks the title.
  await expect(notes.getByText('In the summary:')).toBeVisible()
  await expect(notes.locator('mark')).toHaveText(word)
  const other = grid.getByRole('article').filter({ hasText: 'things' })
  await expect(other.getByRole('heading').locator('mark')).toHaveText(word)

  // A filter: a draft until applied, then in the URL.
  await page.getByText('Filters', { exact: true }).click()
  await page.getByLabel('Tag', { exact: true }).fill(tag)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`tag=${tag}`))
  await expect(other).toHaveCount(0)
  await expect(notes.locator('mark')).toHaveText(word)
  // At 375 px nothing runs off the side, and the open panel passes axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectAccessible(page, 'the forum with its filters open')

  await page.reload()
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(tag)
  await expect(notes.locator('mark')).toHaveText(word)
  await expect(other).toHaveCount(0)

  await notes.getByRole('link', { name: `#${tag}` }).click()
  await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`))
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible()
})
