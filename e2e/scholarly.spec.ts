// Written for science, in the browser: the Cite dialog, the licence and DOI of a post,
// and a tag's own page with Follow.
import { apiMakePost, openNewPost } from './factories'
import { expect, expectAccessible, signedIn, test } from './fixtures'

test('a post shows its licence and DOI; Cite gives APA and BibTeX to copy or download; Escape closes it', async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'cite')
  const postId = await openNewPost(page, server, {
    title: 'Balmer lines, measured',
    tags: 'spectroscopy,physics',
    doi: '10.1234/balmer.7',
    license: 'CC-BY-SA-4.0',
  })
  await expect(page.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by-sa/4.0/',
  )
  await expect(page.getByRole('link', { name: '10.1234/balmer.7' })).toHaveAttribute(
    'href',
    'https://doi.org/10.1234/balmer.7',
  )

  await page.getByRole('button', { name: 'Cite', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Cite this post' })
  const text = dialog.getByLabel(/^Citation in /)
  await expect(text).toContainText('Balmer lines, measured')
  await expect(text).toContainText('https://doi.org/10.1234/balmer.7')
  await expectAccessible(page, 'the Cite dialog')
  await dialog.getByRole('radio', { name: 'BibTeX' }).check()
  await expect(text).toContainText('doi = {10.1234/balmer.7}')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`agora-${postId}.bib`)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('a tag chip leads to the tag’s page: its posts, count, related tags, and Follow', async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'tagger')
  const tag = `optics${Date.now().toString(36)}`
  await apiMakePost(page.request, server, { title: 'Lenses and light', tags: `${tag},lenses` })
  const second = await apiMakePost(page.request, server, { title: 'Mirrors', tags: tag })
  await page.goto(`/forum/detail/${second}`)
  await page
    .getByRole('link', { name: `#${tag}` })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`))
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible()
  await expect(page.getByText('2 posts')).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Related tags' }).getByRole('link', { name: '#lenses' }),
  ).toBeVisible()
  const grid = page.locator('.post-grid')
  await expect(grid.getByText('Lenses and light')).toBeVisible()
  await expect(grid.getByText('Mirrors')).toBeVisible()
  const follow = page.getByRole('button', { name: `Follow the tag ${tag}` })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await follow.click()
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await expect(follow).toHaveText(`Following #${tag}`)
  await expectAccessible(page, 'a tag page')
  // Feed readers find the tag's feed (reached in the app) beside the forum's and the reviews', and only those.
  const feeds = page.locator('head link[rel="alternate"][type="application/atom+xml"]')
  await expect(feeds).toHaveCount(3)
  await expect(feeds.nth(2)).toHaveAttribute('href', `/feeds/tag/${tag}.atom`)
  await page.goBack()
  await expect(feeds).toHaveCount(2)
  await expect(feeds.nth(0)).toHaveAttribute('href', '/feeds/forum.atom')
  await expect(feeds.nth(1)).toHaveAttribute('href', '/feeds/reviews.atom')
})

test('the upload form offers tags in use, takes a licence and checks a DOI; the editor changes the licence', async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'licensor')
  const tag = `crystallography${Date.now().toString(36)}`
  await apiMakePost(page.request, server, { title: 'Salt crystals', tags: tag })

  await page.goto('/upload')
  await page
    .getByLabel(/Choose files/)
    .setInputFiles([
      { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n\nGrowth in brine.') },
    ])
  await page.getByRole('button', { name: 'Add Metadata' }).click()
  await page.getByLabel('Title (required)').fill('Growing crystals in brine')

  // The tag being typed is completed from the tags in use, by keyboard.
  const tags = page.getByRole('combobox', { name: 'Tags (optional)' })
  await tags.fill('chemistry, crystallo')
  const suggestions = page.getByRole('listbox', { name: 'Tags in use' })
  await expect(suggestions.getByRole('option', { name: new RegExp(`^${tag}`) })).toBeVisible()
  await expectAccessible(page, 'the upload form with tag suggestions')
  await tags.press('Enter')
  await expect(tags).toHaveValue(`chemistry, ${tag}, `)
  await expect(suggestions).toBeHidden()

  // The licence is chosen from the list; a DOI is checked before anything is sent.
  const licence = page.getByLabel('Licence')
  await expect(licence).toHaveValue('CC-BY-4.0')
  await licence.selectOption({ label: 'CC0 1.0 (public domain)' })
  await page.getByLabel('DOI (optional)').fill('nphys1170')
  await page.getByRole('button', { name: 'Upload Files' }).click()
  await expect(page.getByText('This is not a DOI: it looks like 10.1234/abcd')).toBeVisible()
  await page.getByLabel('DOI (optional)').fill('https://doi.org/10.1038/nphys1170')
  await page.getByRole('button', { name: 'Upload Files' }).click()
  await page.getByRole('link', { name: 'View post' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Growing crystals in brine')
  await expect(page.getByRole('link', { name: 'CC0 1.0 (public domain)' })).toBeVisible()
  await expect(page.getByRole('link', { name: '10.1038/nphys1170' })).toHaveAttribute(
    'href',
    'https://doi.org/10.1038/nphys1170',
  )
  await expect(page.getByRole('link', { name: `#${tag}` })).toBeVisible()

  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Edit post' }).click()
  const editor = page.getByRole('dialog', { name: 'Edit post' })
  await expect(editor.getByLabel('Licence')).toHaveValue('CC0-1.0')
  await expect(editor.getByLabel('DOI (optional)')).toHaveValue('10.1038/nphys1170')
  await editor.getByLabel('Licence').selectOption('CC-BY-SA-4.0')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor).toBeHidden()
  await expect(page.getByRole('link', { name: 'CC BY-SA 4.0' })).toBeVisible()
})

test('an ORCID iD given on My page is checked, then shown as a linked iD on the author page and the post', async ({
  page,
  server,
}) => {
  const user = await signedIn(page, server, 'orcid')
  const postId = await apiMakePost(page.request, server, { title: 'Tidal records' })
  await page.goto('/mypage')
  await page.getByRole('button', { name: 'Edit ORCID iD' }).click()
  const field = page.getByRole('textbox', { name: 'ORCID iD' })
  // The last character is the checksum: …0096 is not an iD, …0097 is.
  await field.fill('0000-0002-1825-0096')
  await field.press('Enter')
  await expect(page.getByText('Not an ORCID iD')).toBeVisible()
  await field.fill('https://orcid.org/0000-0002-1825-0097')
  await field.press('Enter')
  const badge = page.getByRole('link', { name: 'ORCID iD 0000-0002-1825-0097' })
  await expect(badge).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097')
  await expectAccessible(page, 'My page with an ORCID iD')

  await page.goto(`/author/${user.id}`)
  await expect(badge).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097')
  await page.goto(`/forum/detail/${postId}`)
  await expect(badge).toBeVisible()
})
