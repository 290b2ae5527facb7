import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { apiCommentedPost, apiMakeComment, apiMakePost, openNewPost, uploadFile } from './factories'
import {
  type AgoraServer,
  commentWith,
  createUser,
  expect,
  expectAccessible,
  expectConsoleErrors,
  people,
  person,
  personPage,
  pressLike,
  signedIn,
  signInThroughDialog,
  startServer,
  test,
  workerServer,
} from './fixtures'

const commentsHeading = (page: Page) => page.locator('#comments').getByRole('heading', { level: 2 })

/**
 * A post with one text file and a first remark on it, made through `request` (apiCommentedPost),
 * then opened on `page`; answers the remark's comment there.
 */
async function openCommentedPost(
  page: Page,
  request: APIRequestContext,
  server: AgoraServer,
  post: { title: string; file: [name: string, text: string]; remark: string },
) {
  const postId = await apiCommentedPost(
    request,
    server,
    { title: post.title, summary: '', tags: 'e2e' },
    post.file,
    post.remark,
  )
  await page.goto(`/forum/detail/${postId}`)
  return commentWith(page, post.remark)
}

const NOTES = [
  'Mitochondrial respiration in yeast was measured with an oxygen electrode at thirty degrees.',
  'The respiration rate of the mutant strain fell by half when glucose was replaced with galactose.',
  'Oxygen consumption recovered after the mutant strain was given the missing cytochrome gene.',
  'These measurements suggest the cytochrome gene controls respiration in the mutant yeast strain.',
].join(' ')

test('two people discuss a post: comment, replies, folding, like, deep link and delete', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(150_000)
  const { users, pages } = await people(browser, request, server, 'alice', 'bob')
  const [alice, bob] = users
  const [pageA, pageB] = pages
  const postId = await apiMakePost(
    pageA.request,
    server,
    { title: 'Yeast respiration notes', summary: '', tags: 'e2e' },
    { file: uploadFile('notes.txt', `${NOTES}\n`) },
  )
  const postUrl = `/forum/detail/${postId}`

  // Bob finds no comments and writes the first one. The modal: title, placeholder, blank = disabled,
  // Escape closes, focus stays inside.
  await pageB.goto(postUrl)
  await expect(pageB.getByText('No comments yet. Be the first to comment!')).toBeVisible()
  await expect(commentsHeading(pageB)).toHaveText('Comments (0)')
  await pageB.getByRole('button', { name: 'Write a Comment' }).click()
  let dialog = pageB.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog).toBeVisible()
  const text = dialog.getByPlaceholder('Share your thoughts...')
  await expect(text).toBeFocused()
  const submit = dialog.getByRole('button', { name: 'Comment', exact: true })
  await expect(submit).toBeDisabled()
  await text.fill('   \n  ')
  await expect(submit).toBeDisabled()
  await pageB.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await pageB.getByRole('button', { name: 'Write a Comment' }).click()
  await expect(text).toBeFocused()
  await text.fill('Which **oxygen electrode** did you use?')
  await expect(submit).toBeEnabled()
  await dialog.getByRole('button', { name: 'Cancel' }).focus()
  await pageB.keyboard.press('Tab')
  await expect(submit).toBeFocused()
  // Focus stays in the dialog: past its last button, it comes back to the first (Write, then Preview).
  await pageB.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Write', exact: true })).toBeFocused()
  await submit.click()
  await expect(dialog).toBeHidden()
  const bobComment = commentWith(pageB, 'Which oxygen electrode')
  await expect(bobComment).toBeVisible()
  await expect(bobComment.locator('strong', { hasText: 'oxygen electrode' })).toBeVisible()
  await expect(bobComment.getByRole('link', { name: bob.username })).toHaveAttribute(
    'href',
    `/author/${bob.id}`,
  )
  // One time style across the app: relative, the full date on hover.
  await expect(bobComment.locator('time')).toHaveText(/^(now|\d+ (second|minute)s? ago)$/)
  await expect(bobComment.locator('time')).toHaveAttribute('title', /\d{4} at \d{1,2}:\d{2}/)
  await expect(commentsHeading(pageB)).toHaveText('Comments (1)')
  await expect(pageB.getByRole('link', { name: '1 comment' })).toBeVisible()
  // Only the author of a comment may delete it.
  await expect(bobComment.getByRole('button', { name: 'Delete your comment' })).toBeVisible()

  // Alice replies to Bob.
  await pageA.goto(postUrl)
  await expect(
    commentWith(pageA, 'Which oxygen electrode').getByRole('button', { name: /Delete/ }),
  ).toHaveCount(0)
  await commentWith(pageA, 'Which oxygen electrode')
    .getByRole('button', { name: `Reply to ${bob.username}` })
    .click()
  dialog = pageA.getByRole('dialog', { name: 'Reply to Comment' })
  await expect(dialog.getByText(`Replying to ${bob.username}`)).toBeVisible()
  await dialog.getByPlaceholder('Write your reply...').fill('A Clark-type electrode, calibrated daily.')
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(commentWith(pageA, 'Clark-type electrode')).toBeVisible()
  await expect(commentsHeading(pageA)).toHaveText('Comments (2)')

  // Bob sees the reply after a reload and answers it (a reply to a reply).
  await pageB.reload()
  const aliceReply = commentWith(pageB, 'Clark-type electrode')
  await aliceReply.getByRole('button', { name: `Reply to ${alice.username}` }).click()
  dialog = pageB.getByRole('dialog', { name: 'Reply to Comment' })
  await dialog
    .getByPlaceholder('Write your reply...')
    .fill('Thanks, that explains the drift at thirty degrees.')
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(dialog).toBeHidden()
  const bobReply = commentWith(pageB, 'explains the drift')
  await expect(bobReply).toBeVisible()
  await expect(bobReply.getByText(`replying to ${alice.username}`)).toBeVisible()
  const bobReplyId = await bobReply.getAttribute('id')
  expect(bobReplyId).toMatch(/^[0-9a-f-]{36}$/)
  // The new reply's permalink is in the address bar.
  await expect(pageB).toHaveURL(new RegExp(`${postUrl}#${bobReplyId}$`))

  // Folded by default: the first reply shows, 'Show 1 more reply' unfolds the rest, 'Hide replies' folds.
  await pageB.goto(postUrl)
  await expect(commentWith(pageB, 'Clark-type electrode')).toBeVisible()
  await expect(commentWith(pageB, 'explains the drift')).toHaveCount(0)
  const showMore = pageB.getByRole('button', { name: 'Show 1 more reply' })
  await expect(showMore).toHaveAttribute('aria-expanded', 'false')
  await showMore.click()
  await expect(commentWith(pageB, 'explains the drift')).toBeVisible()
  const hide = pageB.getByRole('button', { name: 'Hide replies' })
  await expect(hide).toHaveAttribute('aria-expanded', 'true')
  await hide.click()
  await expect(commentWith(pageB, 'explains the drift')).toHaveCount(0)

  // Bob likes Alice's reply: the count follows at once and after a reload.
  const like = commentWith(pageB, 'Clark-type electrode').getByRole('button', { name: /^Like,/ })
  await expect(like).toHaveAccessibleName('Like, 0 likes')
  await pressLike(pageB, like, true, 1)

  // Thirteen newer comments push Bob's thread to the second page (12 threads a page).
  for (let index = 1; index <= 13; index++)
    await apiMakeComment(pageA.request, server, postId, `Filler comment number ${index}.`)

  // A deep link to Bob's reply loads the second page, unfolds the thread, scrolls to the reply and marks it.
  await pageA.goto('/forum')
  await pageA.goto(`${postUrl}#${bobReplyId}`)
  const target = pageA.locator(`[id="${bobReplyId}"]`)
  await expect(target).toBeInViewport()
  await expect(target).toHaveClass(/comment--highlight/)
  await expect(target).toBeFocused()
  await expect(commentWith(pageA, 'Filler comment number 1.')).toBeVisible()
  await expect(pageA.getByRole('button', { name: 'Hide replies' })).toBeVisible()
  // The mark fades: the class goes after a few seconds.
  await expect(target).not.toHaveClass(/comment--highlight/, { timeout: 6_000 })

  // Bob deletes his comment with its two replies: "[deleted]" keeps its place, Ada's and Carol's replies
  // stay under it, and the counters fall by the one comment, no reload.
  await pageB.reload()
  await expect(commentsHeading(pageB)).toHaveText('Comments (16)')
  await expect(pageB.getByRole('link', { name: '16 comments' })).toBeVisible()
  await expect(commentWith(pageB, 'Filler comment number 13.')).toBeVisible()
  await expect(commentWith(pageB, 'Which oxygen electrode')).toHaveCount(0)
  await pageB.getByRole('button', { name: 'Load more comments' }).click()
  await expect(pageB.getByRole('button', { name: 'Load more comments' })).toBeHidden()
  const ownComment = commentWith(pageB, 'Which oxygen electrode')
  await ownComment.getByRole('button', { name: 'Delete your comment' }).click()
  const confirm = pageB.getByRole('dialog', { name: 'Delete this comment?' })
  await expect(confirm).toContainText('Its 2 replies stay, under “[deleted]” in its place.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(pageB.getByText('Comment deleted')).toBeVisible()
  await expect(commentWith(pageB, 'Which oxygen electrode')).toHaveCount(0)
  await expect(pageB.getByText('[deleted]', { exact: true })).toBeVisible()
  await expect(commentsHeading(pageB)).toHaveText('Comments (15)')
  await expect(pageB.getByRole('link', { name: '15 comments' })).toBeVisible()
  const after = await pageB.request.get(`${server.url}/api/v1/media/${postId}`)
  expect(((await after.json()) as { comments: number }).comments).toBe(15)
})

test('a comment edited in place previews its Markdown, keeps the edit through a reload, and saves', async ({
  page,
  server,
}) => {
  await signedIn(page, server)
  const postId = await apiMakePost(page.request, server, { title: 'Soil respiration' })
  const { _id: id } = await apiMakeComment(page.request, server, postId, 'Measured at 20 degrees.')
  await page.goto(`/forum/detail/${postId}`)
  const comment = page.locator(`[id="${id}"]`)
  const edit = comment.getByRole('button', { name: 'Edit your comment' })
  const text = comment.getByLabel('Comment text')
  const draftNote = comment.getByText(/^(Draft kept on this device|Your unsent draft was restored)$/)
  await edit.click()
  await expect(text).toBeFocused()
  await expect(draftNote).toHaveCount(0)
  await text.fill('Measured at **thirty** degrees: $E = mc^2$')
  await expect(comment.getByText('Draft kept on this device')).toBeVisible()
  // Preview, by keyboard, draws the text as the comment will show it.
  const preview = comment.getByRole('button', { name: 'Preview' })
  await preview.focus()
  await page.keyboard.press('Enter')
  await expect(preview).toHaveAttribute('aria-pressed', 'true')
  const drawn = comment.getByRole('region', { name: 'Preview' })
  await expect(drawn.locator('strong', { hasText: 'thirty' })).toBeVisible()
  await expect(drawn.locator('.katex annotation')).toContainText('E = mc^2')
  await expect(text).toBeHidden()
  await expectAccessible(page, 'a comment edited in place, in Preview')

  // A reload keeps the unsaved edit: Edit brings it back and says so.
  await page.reload()
  await expect(comment.getByText('Measured at 20 degrees.')).toBeVisible()
  await edit.click()
  await expect(text).toHaveValue('Measured at **thirty** degrees: $E = mc^2$')
  await expect(comment.getByText('Your unsent draft was restored')).toBeVisible()
  await expectAccessible(page, 'a comment editor with a restored draft')
  // Cancel drops it.
  await comment.getByRole('button', { name: 'Cancel' }).click()
  await expect(text).toHaveCount(0)
  await edit.click()
  await expect(text).toHaveValue('Measured at 20 degrees.')
  await expect(draftNote).toHaveCount(0)

  // Saved, the edit shows as Markdown and leaves no draft behind.
  await text.fill('Measured at **thirty** degrees.')
  await expect(comment.getByText('Draft kept on this device')).toBeVisible()
  await comment.getByRole('button', { name: 'Save' }).click()
  await expect(text).toHaveCount(0)
  await expect(comment.locator('strong', { hasText: 'thirty' })).toBeVisible()
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('agora_draft:'))),
  ).toEqual([])
  await page.reload()
  await edit.click()
  await expect(text).toHaveValue('Measured at **thirty** degrees.')
  await expect(draftNote).toHaveCount(0)
})

test('a reader sees a comment deleted above its replies as [deleted], until its last reply goes', async ({
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
  const postId = await apiMakePost(bobPage.request, server, { title: 'Frozen soil cores' })
  const asked = await apiMakeComment(bobPage.request, server, postId, 'Were the cores frozen at once?')
  await apiMakeComment(carolPage.request, server, postId, 'Within the hour, in dry ice.', asked._id)
  await apiMakeComment(carolPage.request, server, postId, 'And kept at minus eighty.', asked._id)
  const removed = await bobPage.request.delete(`${server.url}/api/v1/comments/${asked._id}`, {
    headers: { origin: server.url },
  })
  expect(removed.status(), await removed.text()).toBe(200)

  // A signed-out reader: the placeholder keeps its place, with nothing of its author, and the
  // replies stay under it.
  const postUrl = `/forum/detail/${postId}`
  await page.goto(postUrl)
  const placeholder = page.locator(`[id="${asked._id}"]`)
  await expect(placeholder).toHaveText('[deleted]')
  await expect(placeholder.getByRole('link')).toHaveCount(0)
  await expect(placeholder.getByRole('button')).toHaveCount(0)
  await expect(placeholder.locator('.comment__avatar')).toHaveCount(0)
  await expect(page.locator('#comments').getByText(bob.username)).toHaveCount(0)
  const replies = page.getByRole('list', { name: 'Replies to a deleted comment' })
  // Newest reply first.
  await expect(replies.getByRole('article').filter({ hasText: 'minus eighty' })).toBeVisible()
  await page.getByRole('button', { name: 'Show 1 more reply' }).click()
  await expect(replies.getByRole('article').filter({ hasText: 'Within the hour' })).toBeVisible()
  await expect(commentsHeading(page)).toHaveText('Comments (2)')
  await expectAccessible(page, 'a [deleted] comment above its replies')

  // Carol deletes her replies: the placeholder stays while one is left, and goes with the last.
  await carolPage.goto(postUrl)
  for (const [reply, left] of [
    ['minus eighty', 1],
    ['Within the hour', 0],
  ] as const) {
    await commentWith(carolPage, reply).getByRole('button', { name: 'Delete your comment' }).click()
    const confirm = carolPage.getByRole('dialog', { name: 'Delete this comment?' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(commentWith(carolPage, reply)).toHaveCount(0)
    await expect(commentsHeading(carolPage)).toHaveText(`Comments (${left})`)
    await expect(carolPage.locator(`[id="${asked._id}"]`)).toHaveCount(left)
  }
  await expect(carolPage.getByText('No comments yet. Be the first to comment!')).toBeVisible()

  await page.reload()
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible()
  await expect(placeholder).toHaveCount(0)
  await expect(page.getByText('[deleted]', { exact: true })).toHaveCount(0)
})

test('a visitor reads comments but must log in to write one; a like does nothing without a session', async ({
  page,
  browser,
  request,
  server,
}) => {
  const { page: authorPage } = await person(browser, request, server, 'author')
  const comment = await openCommentedPost(page, authorPage.request, server, {
    title: 'Open question',
    file: ['question.txt', 'Does the buffer pH drift during long recordings?\n'],
    remark: 'It drifts by about 0.1 per hour.',
  })
  await expect(comment).toBeVisible()
  const like = comment.getByRole('button', { name: /^Like,/ })
  await expect(like).toHaveAttribute('title', 'Log in to like comments')
  await like.click({ force: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(like).toHaveAccessibleName('Like, 0 likes')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // Asked to log in first, not after writing: then the editor opens, and the comment goes.
  await page.getByRole('button', { name: 'Write a Comment' }).click()
  await expect(page.getByRole('dialog', { name: 'Write a Comment' })).toHaveCount(0)
  const reader = await createUser(request, server, 'reader')
  await signInThroughDialog(page, reader)
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog).toBeVisible()
  await dialog.getByPlaceholder('Share your thoughts...').fill('Now with an account: does it drift at 4 °C?')
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(commentWith(page, 'does it drift at 4 °C?')).toBeVisible()
})

test('failures roll back and say so: like, submit, delete', async ({ browser, request, server }) => {
  const { page } = await person(browser, request, server, 'unlucky')
  expectConsoleErrors(page, /status of 500/) // the browser's notes of the calls refused below
  const comment = await openCommentedPost(page, page.request, server, {
    title: 'Flaky network',
    file: ['flaky.txt', 'Measurements taken on a flaky network.\n'],
    remark: 'My own first remark.',
  })

  // A like the server refuses is taken back, with a message.
  await page.route('**/api/v1/comments/*/like', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom"}' }),
  )
  const like = comment.getByRole('button', { name: /^Like,/ })
  await like.click()
  await expect(page.getByText('Could not update your like. Please try again.')).toBeVisible()
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(like).toHaveAccessibleName('Like, 0 likes')
  await page.unroute('**/api/v1/comments/*/like')

  // While sending: 'Submitting...' and disabled; a failure keeps the text and says so.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/v1/comments/create', async (route) => {
    await held
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom"}' })
  })
  await page.getByRole('button', { name: 'Write a Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await dialog.getByPlaceholder('Share your thoughts...').fill('This one will not arrive.')
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
  release()
  await expect(dialog.getByRole('alert')).toHaveText('Failed to submit comment. Please try again later.')
  await expect(dialog.getByPlaceholder('Share your thoughts...')).toHaveValue('This one will not arrive.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.unroute('**/api/v1/comments/create')

  // A deletion the server refuses leaves the comment and the count as they were.
  await page.route('**/api/v1/comments/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom"}' })
      : route.fallback(),
  )
  await comment.getByRole('button', { name: 'Delete your comment' }).click()
  await page
    .getByRole('dialog', { name: 'Delete this comment?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByText('Delete failed, please retry')).toBeVisible()
  await expect(comment).toBeVisible()
  await expect(commentsHeading(page)).toHaveText('Comments (1)')
})

test('the AI box shows the analysis of an uploaded text, and a topic starts a comment', async ({
  browser,
  request,
  server,
}) => {
  test.setTimeout(120_000)
  const { page } = await person(browser, request, server, 'analyst')
  await openNewPost(
    page,
    server,
    { title: 'Respiration in mutant yeast', summary: '', tags: 'e2e' },
    { file: uploadFile('respiration.txt', `${NOTES}\n`) },
  )

  const box = page.getByRole('region', { name: 'AI Content Analysis' })
  await expect(box.getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 90_000 })
  // The local engine's summary is made of the document's own sentences.
  const summary = (await box.locator('.ai-box__summary').textContent()) ?? ''
  expect(NOTES.split(/(?<=\.) /).some((sentence) => summary.includes(sentence))).toBe(true)
  await expect(
    box.getByText('Analysed on our server by the built-in engine.', { exact: false }),
  ).toBeVisible()
  const tag = box.getByRole('list').first().getByRole('link').first()
  await expect(tag).toHaveAttribute('href', /^\/forum\?search=/)

  // A discussion topic opens the comment modal with the topic in it.
  const topic = box.getByRole('button', { name: /^Discuss: / }).first()
  const topicText = ((await topic.getAttribute('aria-label')) ?? '').replace(/^Discuss: /, '')
  expect(topicText.length).toBeGreaterThan(5)
  await topic.click()
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await expect(dialog.getByPlaceholder('Share your thoughts...')).toHaveValue(topicText)
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(dialog).toBeHidden()
  const created = commentWith(page, topicText.slice(0, 20))
  await expect(created).toBeVisible()
  await expect(created).toBeInViewport()
  await expect(commentsHeading(page)).toHaveText('Comments (1)')
})

// On a server of its own: the worker's shared server has the analyses of every earlier test queued
// ahead of this one. The server starts as a worker fixture with its own budget: starting it is not
// the test, and on a loaded machine it took more than the test's minute (a fresh-clone CI run).
const ownServer = test.extend<object, { analysisServer: AgoraServer & { stop(): Promise<void> } }>({
  analysisServer: workerServer(() => startServer()),
})

ownServer(
  'a failed analysis says so, and its author can run it again',
  async ({ browser, request, analysisServer }) => {
    await failedAnalysis(browser, request, analysisServer)
  },
)

async function failedAnalysis(browser: Browser, request: APIRequestContext, server: AgoraServer) {
  const { page } = await person(browser, request, server, 'broken')
  const postId = await openNewPost(
    page,
    server,
    { title: 'A damaged file', summary: '', tags: 'e2e' },
    {
      file: uploadFile(
        'damaged.pdf',
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nthis is not a real pdf\n',
        'application/pdf',
      ),
    },
  )

  const box = page.getByRole('region', { name: 'AI Content Analysis' })
  await expect(box.getByText('The analysis could not be completed.')).toBeVisible({ timeout: 90_000 })
  await expect(box.getByText(/^Reason: /)).toBeVisible()
  const rerun = page.waitForResponse((response) => response.url().endsWith(`/media/${postId}/analysis`))
  await box.getByRole('button', { name: 'Run again' }).click()
  expect((await rerun).status()).toBe(202)
  await expect(box.getByText('Analysing…')).toBeVisible()
  await expect(box.getByText('The analysis could not be completed.')).toBeVisible({ timeout: 90_000 })

  // Someone else sees the failure but no re-run.
  const reader = await createUser(request, server, 'reader')
  const readerPage = await personPage(browser, server, reader, `/forum/detail/${postId}`)
  const readerBox = readerPage.getByRole('region', { name: 'AI Content Analysis' })
  await expect(readerBox.getByText('The analysis could not be completed.')).toBeVisible()
  await expect(readerBox.getByRole('button', { name: 'Run again' })).toHaveCount(0)
}
