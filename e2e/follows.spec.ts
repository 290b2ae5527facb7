// Follows and bookmarks: follow an author on their page and a tag from the forum, their
// new posts fill the Following view; save a post and find it in My page's Saved tab.
import { apiMakePost } from './factories'
import { expect, expectAccessible, people, signedIn, test } from './fixtures'

test('following an author and a tag fills the Following view; saving a post keeps it on My page', async ({
  browser,
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const {
    users: [bob],
    pages: [bobPage, carolPage],
  } = await people(browser, request, server, 'bob', 'carol')
  const tag = `moss${Math.random().toString(36).slice(2, 6)}`
  await signedIn(page, server, 'ada')

  // Bob's page: Follow, pressed; the figure counts her.
  await page.goto(`/author/${bob.id}`)
  const follow = page.getByRole('button', { name: `Follow ${bob.username}` })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByText('0 followers · 0 following')).toBeVisible()
  await follow.click()
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await expect(follow).toHaveText('Following')
  await expect(page.getByText('1 follower · 0 following')).toBeVisible()
  await expectAccessible(page, 'author page with Follow')

  // A tag, from the forum's search for it.
  await page.goto(`/forum?search=${tag}`)
  const followTag = page.getByRole('button', { name: `Follow the tag ${tag}` })
  await followTag.click()
  await expect(followTag).toHaveAttribute('aria-pressed', 'true')
  await expect(followTag).toHaveText(`Following #${tag}`)

  // New posts: Bob's, one in the tag by Carol, one Carol posts without it.
  await apiMakePost(bobPage.request, server, { title: 'Bob on peat' })
  const tagged = await apiMakePost(carolPage.request, server, { title: 'Carol on moss', tags: tag })
  await apiMakePost(carolPage.request, server, { title: 'Carol on lichen' })

  await page.goto('/forum')
  // A radio group: the choice is kept in the address, and the radio follows it.
  await page.getByRole('radio', { name: 'Following' }).click()
  await expect(page.getByRole('radio', { name: 'Following' })).toBeChecked()
  await expect(page).toHaveURL(/feed=following/)
  const grid = page.locator('.post-grid')
  await expect(grid.getByText('Bob on peat')).toBeVisible()
  await expect(grid.getByText('Carol on moss')).toBeVisible()
  await expect(grid.getByText('Carol on lichen')).toHaveCount(0)
  await expectAccessible(page, 'the Following view')
  await page.getByRole('radio', { name: 'All posts' }).click()
  await expect(page.getByRole('radio', { name: 'All posts' })).toBeChecked()
  await expect(page).not.toHaveURL(/feed=/)
  await expect(grid.getByText('Carol on lichen')).toBeVisible()

  // Save Carol's post; My page's Saved tab has it; unsaving takes it off.
  await page.goto(`/forum/detail/${tagged}`)
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await expect(save).toHaveAttribute('aria-pressed', 'false')
  await save.click()
  await expect(save).toHaveAttribute('aria-pressed', 'true')
  await expect(save).toHaveText('Saved')
  await page.goto('/mypage?tab=saved')
  await expect(page.getByRole('heading', { name: /Saved Posts/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Carol on moss' })).toBeVisible()
  await page.goto(`/forum/detail/${tagged}`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await page.goto('/mypage?tab=saved')
  await expect(page.getByText('No saved posts yet')).toBeVisible()
})
