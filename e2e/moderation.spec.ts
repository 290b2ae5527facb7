// Moderation: a reader reports a post through the dialog; a moderator finds it in the
// queue, grouped with its reasons, and hides it with a reason; its author sees why, a visitor gets
// "not found"; restored from the public log, it is back; the log names no moderator to a visitor.
// A comment a moderator hid keeps its place in the thread, and a suspended member is told why.
import type { APIRequestContext, Page } from '@playwright/test'
import { apiMakeComment, apiMakePost, apiMakeReview, apiPostBy, apiSignIn } from './factories'
import {
  type AgoraServer,
  test as base,
  commentWith,
  createUser,
  createUsers,
  expect,
  expectAccessible,
  expectConsoleErrors,
  type ModeratedServer,
  networkQuiet,
  people,
  personPage,
  signInThroughDialog,
  startServerWithModerator,
  type TestUser,
  workerServer,
} from './fixtures'

// Every test of this file runs on one server whose first user is a moderator.
const test = base.extend<object, { moderated: ModeratedServer }>({
  moderated: workerServer(() => startServerWithModerator(), 180_000),
  server: [
    async ({ moderated }, use) => {
      await use(moderated)
    },
    { scope: 'worker' },
  ],
})

/** A report through the API, by whoever `request` is signed in as; 201 checked. */
async function apiReport(
  request: APIRequestContext,
  server: AgoraServer,
  data: { target_type: 'post' | 'user'; target_id: string; reason: string; note?: string },
) {
  const report = await request.post(`${server.url}/api/v1/reports`, { headers: { origin: server.url }, data })
  expect(report.status(), await report.text()).toBe(201)
}

/** A post of `author`'s, and a report of it by `reporter`, through the API. */
async function reportedPost(
  request: APIRequestContext,
  server: AgoraServer,
  author: TestUser,
  reporter: TestUser,
  title: string,
  reason = 'spam',
) {
  const postId = await apiPostBy(request, server, author, { title })
  await apiSignIn(request, server, reporter)
  await apiReport(request, server, {
    target_type: 'post',
    target_id: postId,
    reason,
    note: 'Copied from a blog',
  })
  return postId
}

const queueItem = (page: Page, title: string) => page.getByRole('article', { name: title })

test('a report sent through the dialog reaches the queue, grouped by post with its reasons and notes', async ({
  browser,
  request,
  moderated,
}) => {
  test.setTimeout(120_000)
  const [ada, bob, carl] = await createUsers(request, moderated, 'ada', 'bob', 'carl')
  const title = 'Tidal energy survey'
  const postId = await reportedPost(request, moderated, ada, carl, title, 'plagiarism')

  const bobPage = await personPage(browser, moderated, bob, `/forum/detail/${postId}`)
  await bobPage.getByRole('button', { name: 'Report this post' }).click()
  const dialog = bobPage.getByRole('dialog', { name: 'Report this post' })
  await expect(dialog).toBeVisible()
  // Escape closes it; opened again, a reason is asked for before anything is sent.
  await bobPage.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await bobPage.getByRole('button', { name: 'Report this post' }).click()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.')
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByLabel('Note').fill('Same link posted ten times')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    bobPage.getByRole('status').filter({ hasText: 'Thanks — the moderators will look at it' }),
  ).toBeVisible()

  // A second report of the same post by the same reader is refused in words.
  expectConsoleErrors(bobPage, /status of 409/) // the browser's note of the refusal
  await bobPage.getByRole('button', { name: 'Report this post' }).click()
  await dialog.getByRole('radio', { name: 'Harassment' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(bobPage.getByRole('status').filter({ hasText: 'You already reported this' })).toBeVisible()

  const modPage = await personPage(browser, moderated, moderated.moderator, '/forum')
  await modPage.getByRole('button', { name: `Account: ${moderated.moderator.username}` }).click()
  await modPage.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(modPage).toHaveURL(/\/mod$/)
  await expect(modPage.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible()
  const item = queueItem(modPage, title)
  await expect(item).toContainText('2 reports')
  await expect(item.getByRole('list', { name: 'Reasons' })).toHaveText(/Plagiarism/)
  await expect(item.getByRole('list', { name: 'Reasons' })).toHaveText(/Spam/)
  await expect(item).toContainText(`reported by ${bob.username}`)
  await expect(item).toContainText('Same link posted ten times')
  await expect(item).toContainText(`reported by ${carl.username}`)
  await expect(item.getByRole('link', { name: ada.username })).toHaveAttribute('href', `/author/${ada.id}`)
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', new RegExp(postId))

  // A filter that matches none of its reasons leaves it out; back to all, it is there again.
  await modPage.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Harassment' })
  await expect(modPage.getByText('No open reports match these filters.')).toBeVisible()
  await modPage.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'All' })
  await expect(item).toBeVisible()
  await expectAccessible(modPage, '/mod with a reported post')
})

test('hidden with a reason, the author sees why and a visitor is told it was hidden and why; restored from the log, it is back', async ({
  browser,
  page,
  request,
  moderated,
}) => {
  expectConsoleErrors(page, /status of 404/) // the browser's note of the hidden post, as a visitor asks for it
  test.setTimeout(150_000)
  const [ada, bob] = await createUsers(request, moderated, 'ada', 'bob')
  const title = 'Coral bleaching counts'
  const postId = await reportedPost(request, moderated, ada, bob, title)
  const reason = 'Copied without credit'
  const drawn = async (path: string) => (await request.get(`${moderated.url}${path}`)).text()
  expect(await drawn(`/forum/detail/${postId}`)).toContain(title)

  const modPage = await personPage(browser, moderated, moderated.moderator, '/mod')
  const item = queueItem(modPage, title)
  await item.getByRole('button', { name: 'Hide' }).click()
  const hide = modPage.getByRole('dialog', { name: `Hide “${title}”` })
  await expect(hide).toBeVisible()
  await hide.getByRole('button', { name: 'Hide' }).click()
  await expect(hide.getByRole('alert')).toHaveText('Give a reason.')
  await hide.getByLabel('Reason').fill(reason)
  await hide.getByRole('button', { name: 'Hide' }).click()
  await expect(hide).toBeHidden()
  await expect(modPage.getByRole('status').filter({ hasText: 'Hidden' })).toBeVisible()
  // Its reports are settled: it leaves the queue.
  await expect(item).toHaveCount(0)

  const adaPage = await personPage(browser, moderated, ada)
  // Her session reaches the page: it answers her 200 with her post drawn, and the reason on it.
  const own = await adaPage.goto(`/forum/detail/${postId}`)
  expect(own?.status()).toBe(200)
  expect(await own?.text()).toContain(title)
  await expect(adaPage.getByText(/Hidden by a moderator/)).toContainText(reason)

  // A visitor is told it was hidden, and why (the public log's reason), on a 404 page.
  const visit = await page.goto(`/forum/detail/${postId}`)
  expect(visit?.status()).toBe(404)
  await expect(
    page.getByRole('heading', { level: 1, name: 'This post was hidden by the moderators' }),
  ).toBeVisible()
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible()
  await expect(page.locator('#static-shell')).toHaveCount(0) // the app took over from the drawn screen
  // Nor do the pages the server draws before the app runs show it; its own says it was hidden.
  for (const path of [`/forum/detail/${postId}`, '/forum', '/'])
    expect(await drawn(path), path).not.toContain(title)
  const hiddenPage = await drawn(`/forum/detail/${postId}`)
  expect(hiddenPage).toContain('This post was hidden by the moderators')
  expect(hiddenPage).toContain('<meta name="robots" content="noindex">')

  await modPage.goto('/mod/log')
  await modPage
    .getByRole('button', { name: `Restore “${title}”` })
    .first()
    .click()
  const restore = modPage.getByRole('dialog', { name: `Restore “${title}”` })
  await restore.getByLabel('Reason').fill('Credit added by the author')
  await restore.getByRole('button', { name: 'Restore' }).click()
  await expect(restore).toBeHidden()
  await expect(modPage.getByRole('status').filter({ hasText: 'Restored' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()

  // The public log: both decisions with their reasons, and no moderator's name for a visitor.
  await page.goto('/mod/log')
  const rows = page.getByRole('row').filter({ hasText: title })
  await expect(rows.filter({ hasText: 'Restored' })).toContainText('Credit added by the author')
  await expect(rows.filter({ hasText: 'Hidden' })).toContainText(reason)
  await expect(page.getByRole('columnheader', { name: 'Moderator' })).toHaveCount(0)
  await expect(rows).toHaveCount(2)
  for (const row of await rows.all()) await expect(row).not.toContainText(moderated.moderator.username)
  await networkQuiet(page)
  await expectAccessible(page, '/mod/log for a visitor')
  // The moderator sees who decided.
  await modPage.reload()
  await expect(modPage.getByRole('columnheader', { name: 'Moderator' })).toBeVisible()
  await expect(modPage.getByRole('row').filter({ hasText: 'Restored' }).first()).toContainText(
    moderated.moderator.username,
  )
})

test('a visitor is asked to log in on /mod, a member is told it is for moderators only', async ({
  browser,
  page,
  request,
  moderated,
}) => {
  await page.goto('/mod')
  await expect(page.getByText("Log in with a moderator's account to see the reports.")).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Moderation log' })).toHaveAttribute(
    'href',
    '/mod/log',
  )

  const member = await createUser(request, moderated, 'eve')
  const memberPage = await personPage(browser, moderated, member, '/mod')
  await expect(memberPage.getByText('Only moderators can see this page')).toBeVisible()
  await memberPage.getByRole('button', { name: `Account: ${member.username}` }).click()
  await expect(memberPage.getByRole('menuitem', { name: 'My Page' })).toBeVisible()
  await expect(memberPage.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0)
})

for (const theme of ['light', 'dark'] as const) {
  test(`at 375 px in ${theme} the queue and the log fit without horizontal scroll and pass axe`, async ({
    browser,
    request,
    moderated,
  }) => {
    test.setTimeout(90_000)
    const [ada, bob] = await createUsers(request, moderated, 'ada', 'bob')
    const title = `A rather long title about sediment transport in ${theme} estuaries`
    await reportedPost(request, moderated, ada, bob, title, 'misinformation')
    // Another post of hers, hidden straight away, gives the log a line.
    const otherId = await apiPostBy(request, moderated, ada, { title: `Estuary notes, ${theme}` })
    await apiSignIn(request, moderated, moderated.moderator)
    const hidden = await request.post(`${moderated.url}/api/v1/mod/posts/${otherId}/hide`, {
      headers: { origin: moderated.url },
      data: { reason: 'Under review' },
    })
    expect(hidden.status(), await hidden.text()).toBe(200)
    const modPage = await personPage(browser, moderated, moderated.moderator)
    await modPage.setViewportSize({ width: 375, height: 740 })
    await modPage.evaluate((value) => localStorage.setItem('theme', value), theme)
    for (const path of ['/mod', '/mod/log']) {
      await modPage.goto(path)
      await expect(modPage.getByRole('heading', { level: 1 })).toBeVisible()
      if (path === '/mod') await expect(queueItem(modPage, title)).toContainText('Misinformation')
      else
        await expect(modPage.getByRole('row').filter({ hasText: `Estuary notes, ${theme}` })).toContainText(
          'Under review',
        )
      const overflow = await modPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} at 375 px in ${theme}`).toBeLessThanOrEqual(0)
      await expectAccessible(modPage, `${path} at 375 px in ${theme}`)
    }
  })
}

test('an admin finds a member by name, makes them a moderator, and revokes it again', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const admin = await startServerWithModerator('admin')
  try {
    const zoe = await createUser(request, admin, 'zoe')
    const page = await personPage(browser, admin, admin.moderator, '/mod')
    const section = page.getByRole('region', { name: 'Moderators' })
    await expect(section.getByText('No moderators yet.')).toBeVisible()
    await section.getByLabel('Find a person by name').fill(zoe.username.slice(0, 6))
    await section.getByRole('button', { name: 'Find' }).click()
    const found = section.getByRole('list', { name: 'People found' })
    await expect(found.getByRole('listitem').filter({ hasText: zoe.username })).toContainText('Member')
    await found.getByRole('button', { name: `Make ${zoe.username} a moderator` }).click()
    const grant = page.getByRole('dialog', { name: `Make ${zoe.username} a moderator?` })
    await grant.getByRole('button', { name: 'Make moderator' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${zoe.username} is a moderator` })).toBeVisible()
    const moderators = section.getByRole('list', { name: 'Moderators' })
    await expect(moderators.getByRole('listitem')).toHaveText([new RegExp(`^${zoe.username}Moderator`)])
    await expectAccessible(page, '/mod for an admin')

    await moderators.getByRole('button', { name: `Revoke ${zoe.username}'s moderator role` }).click()
    const revoke = page.getByRole('dialog', { name: `Revoke ${zoe.username}'s moderator role?` })
    await revoke.getByRole('button', { name: 'Revoke moderator' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `${zoe.username} is no longer a moderator` }),
    ).toBeVisible()
    await expect(section.getByText('No moderators yet.')).toBeVisible()
  } finally {
    await admin.stop()
  }
})

test('a visitor who presses Report logs in first, then the report dialog opens', async ({
  page,
  request,
  moderated,
}) => {
  const [ada, bob] = await createUsers(request, moderated, 'ada', 'bob')
  const postId = await apiPostBy(request, moderated, ada, { title: 'Kelp forest transects' })
  await page.goto(`/forum/detail/${postId}`)
  await page.getByRole('button', { name: 'Report this post' }).click()
  await signInThroughDialog(page, bob)
  const dialog = page.getByRole('dialog', { name: 'Report this post' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio')).toHaveCount(6)
  await expectAccessible(page, 'the report dialog')
  await dialog.getByRole('radio', { name: 'Misinformation' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Thanks — the moderators will look at it' }),
  ).toBeVisible()
})

test('a reported user is suspended from the queue until a chosen day, and the suspension lifted from the log', async ({
  browser,
  request,
  moderated,
}) => {
  test.setTimeout(120_000)
  const [mallory, bob] = await createUsers(request, moderated, 'mal', 'bob')
  await apiSignIn(request, moderated, bob)
  await apiReport(request, moderated, { target_type: 'user', target_id: mallory.id, reason: 'harassment' })

  const modPage = await personPage(browser, moderated, moderated.moderator, '/mod?type=user')
  await expect(modPage.getByRole('combobox', { name: 'Type' })).toHaveValue('user')
  const item = queueItem(modPage, mallory.username)
  await expect(item).toContainText('Harassment')
  await item.getByRole('button', { name: 'Suspend user' }).click()
  const dialog = modPage.getByRole('dialog', { name: `Suspend ${mallory.username}` })
  await dialog.getByLabel('Reason').fill('Insults in three threads')
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a date after today.')
  const day = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  await dialog.getByLabel('Suspended until').fill(day)
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(modPage.getByRole('status').filter({ hasText: 'Suspended' })).toBeVisible()
  await expect(item).toHaveCount(0)

  await modPage.goto('/mod/log')
  const row = modPage.getByRole('row').filter({ hasText: 'Insults in three threads' })
  await expect(row).toContainText(/Suspended until/)
  await row.getByRole('button', { name: `Lift ${mallory.username}'s suspension` }).click()
  const lift = modPage.getByRole('dialog', { name: `Lift ${mallory.username}'s suspension` })
  await lift.getByLabel('Reason').fill('Apologised')
  await lift.getByRole('button', { name: 'Lift suspension' }).click()
  await expect(lift).toBeHidden()
  await expect(modPage.getByRole('row').filter({ hasText: 'Apologised' })).toContainText('Suspension lifted')
})

test('a moderator finds a person in People, trusts them as a member with a reason, then lets age and activity decide; the log shows both', async ({
  browser,
  page,
  request,
  moderated,
}) => {
  test.setTimeout(120_000)
  const nia = await createUser(request, moderated, 'nia')
  const modPage = await personPage(browser, moderated, moderated.moderator, '/mod')
  const people = modPage.getByRole('region', { name: 'People' })
  await people.getByLabel('Find a person by name').fill(nia.username.slice(0, 6))
  await people.getByRole('button', { name: 'Find' }).click()
  const person = people
    .getByRole('list', { name: 'People found' })
    .getByRole('listitem')
    .filter({ hasText: nia.username })
  // The test server trusts accounts at once (no age or activity needed), by itself.
  await expect(person).toContainText('Member · automatic')
  const automatic = person.getByRole('button', { name: `Set ${nia.username}'s trust to Automatic` })
  await expect(automatic).toHaveAttribute('aria-pressed', 'true')

  await person.getByRole('button', { name: `Set ${nia.username}'s trust to Member` }).click()
  const trust = modPage.getByRole('dialog', { name: `Trust ${nia.username} as a member` })
  await trust.getByRole('button', { name: 'Set to Member' }).click()
  await expect(trust.getByRole('alert')).toHaveText('Give a reason.')
  await trust.getByLabel('Reason').fill('Known to the editors')
  await trust.getByRole('button', { name: 'Set to Member' }).click()
  await expect(trust).toBeHidden()
  await expect(
    modPage.getByRole('status').filter({ hasText: `${nia.username} is trusted as a member` }),
  ).toBeVisible()
  await expect(person).toContainText('Member · set by a moderator')
  await expect(automatic).toHaveAttribute('aria-pressed', 'false')
  await expectAccessible(modPage, '/mod with a person found in People')

  // By keyboard: Escape closes the dialog and gives focus back; Enter opens it again.
  await automatic.focus()
  await modPage.keyboard.press('Enter')
  const auto = modPage.getByRole('dialog', { name: `Let age and activity decide ${nia.username}'s trust` })
  await expect(auto.getByLabel('Reason')).toBeFocused()
  await modPage.keyboard.press('Escape')
  await expect(auto).toBeHidden()
  await expect(automatic).toBeFocused()
  await modPage.keyboard.press('Enter')
  await auto.getByLabel('Reason').fill('Back to the usual rules')
  await auto.getByRole('button', { name: 'Set to Automatic' }).click()
  await expect(auto).toBeHidden()
  await expect(
    modPage.getByRole('status').filter({ hasText: `${nia.username}'s trust follows age and activity again` }),
  ).toBeVisible()
  await expect(person).toContainText('Member · automatic')

  // The public log: both settings with their reasons, for anyone.
  await page.goto('/mod/log')
  const rows = page.getByRole('row').filter({ hasText: nia.username })
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Known to the editors' })).toContainText('Trust level set Member')
  await expect(rows.filter({ hasText: 'Back to the usual rules' })).toContainText('Trust level set Automatic')
  await networkQuiet(page)
})

test('a comment a moderator hid keeps its place: others see that, its author sees why', async ({
  browser,
  request,
  moderated: server,
}) => {
  test.setTimeout(120_000)
  const {
    users: [, bob],
    pages: [adaPage, bobPage],
  } = await people(browser, request, server, 'ada', 'bob')
  const postId = await apiMakePost(adaPage.request, server, { title: 'Sediment sampling plan' })
  const bobs = await apiMakeComment(bobPage.request, server, postId, 'Buy cheap sieves at my shop!')
  await apiMakeComment(adaPage.request, server, postId, 'Ada answers under it.', bobs._id)

  await apiSignIn(request, server, server.moderator)
  const hide = await request.post(`${server.url}/api/v1/mod/comments/${bobs._id}/hide`, {
    headers: { origin: server.url },
    data: { reason: 'Advertising' },
  })
  expect(hide.status(), await hide.text()).toBe(200)

  // Ada: its place, nothing of it, no controls; her reply stays under it.
  await adaPage.goto(`/forum/detail/${postId}`)
  const place = adaPage.locator(`[id="${bobs._id}"]`)
  await expect(place).toHaveText('[hidden by a moderator]')
  await expect(place.getByRole('button')).toHaveCount(0)
  await expect(adaPage.getByText('Buy cheap sieves')).toHaveCount(0)
  await expect(commentWith(adaPage, 'Ada answers under it.')).toBeVisible()

  // Bob: his text, why, and one request for review.
  await bobPage.goto(`/forum/detail/${postId}`)
  const his = commentWith(bobPage, 'Buy cheap sieves at my shop!')
  await expect(his).toContainText('Hidden by a moderator: Advertising')
  await expect(his.getByRole('button', { name: /^Reply to/ })).toHaveCount(0)
  const review = his.getByRole('button', { name: 'Ask for review' })
  await review.click()
  await expect(his.getByRole('button', { name: 'Review requested' })).toHaveAttribute('aria-disabled', 'true')

  // Suspended, Bob is told until when and why on every screen.
  const until = new Date(Date.now() + 3 * 24 * 3600_000).toISOString()
  const suspend = await request.post(`${server.url}/api/v1/mod/users/${bob.id}/suspend`, {
    headers: { origin: server.url },
    data: { until, reason: 'Repeated advertising' },
  })
  expect(suspend.status(), await suspend.text()).toBe(200)
  await bobPage.goto('/forum')
  await expect(bobPage.getByRole('status').filter({ hasText: 'Your account is suspended until' })).toHaveText(
    /^Your account is suspended until .+: Repeated advertising\. You can read, but not post, comment or like\.$/,
  )
})

test('a reader reports a review; hidden by a moderator, it is a placeholder to all but its reviewer', async ({
  browser,
  request,
  moderated: server,
}) => {
  test.setTimeout(120_000)
  const { pages } = await people(browser, request, server, 'ada', 'critic', 'reader')
  const [adaPage, critic, reader] = pages
  const postId = await apiMakePost(adaPage.request, server, { title: 'Kelp growth notes' })
  const summary = 'Buy my kelp fertiliser at the shop. '.repeat(8)
  const reviewId = await apiMakeReview(critic.request, server, postId, {
    summary,
    ratings: { soundness: 1, novelty: 1, clarity: 1, reproducibility: 1, significance: 1 },
    confidence: 5,
    competing_interests: 'None',
  })

  await reader.goto(`/forum/detail/${postId}`)
  const review = reader.locator(`#review-${reviewId}`)
  await review.getByRole('button', { name: 'Report this review' }).click()
  const dialog = reader.getByRole('dialog', { name: 'Report this review' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    reader.getByRole('status').filter({ hasText: 'Thanks — the moderators will look at it' }),
  ).toBeVisible()

  await apiSignIn(request, server, server.moderator)
  const hide = await request.post(`${server.url}/api/v1/mod/reviews/${reviewId}/hide`, {
    headers: { origin: server.url },
    data: { reason: 'Advertising' },
  })
  expect(hide.status(), await hide.text()).toBe(200)

  await reader.reload()
  await expect(review.getByText('Hidden by a moderator')).toBeVisible()
  await expect(review).not.toContainText('fertiliser')
  await expect(review.getByRole('button', { name: 'Report this review' })).toHaveCount(0)
  await expectAccessible(reader, 'a hidden review')

  await critic.goto(`/forum/detail/${postId}`)
  const own = critic.locator(`#review-${reviewId}`)
  await expect(own.getByRole('note')).toHaveText('A moderator hid this review: only you can see it.')
  await expect(own).toContainText('fertiliser')
})
