/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use DOM globals.
// The first hour of a new researcher, second part: the upload form's title and hint, a new version
// replacing a kept file, the version bar on a phone, signing in back to where one was, the welcome
// card's word on the verification mail, My page's tabs on a phone, and what each balance is.
import { randomBytes } from 'node:crypto'
import { apiMakePost, apiPostBy, uploadFile } from './factories'
import { createUser, expect, signedIn, signedInAt, test } from './fixtures'
import { newAddress } from './testWallet'

const PHONE = { width: 375, height: 740 }

/** How far the page scrolls sideways (0: it fits). */
const sideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('the upload form shows its required title without opening the metadata; the hint names math', async ({
  page,
  server,
}) => {
  await signedInAt(page, server, '/upload')
  await expect(page.getByLabel('Title (required)')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Metadata' })).toHaveAttribute('aria-expanded', 'false')
  // Pressing Upload with no title puts the cursor in it, the rest still folded.
  await page.getByLabel(/Choose files/).setInputFiles([uploadFile('notes.txt', 'field notes\n')])
  await page.getByRole('button', { name: 'Upload Files' }).click()
  await expect(page.getByLabel('Title (required)')).toBeFocused()
  await expect(page.getByText('Please enter a title')).toBeVisible()
  await page.getByRole('button', { name: 'Add Metadata' }).click()
  await expect(page.getByText('Markdown, with math ($…$, $$…$$) and code')).toBeVisible()
})

test('a new file named like a kept one replaces it, and the dialog says so before publishing', async ({
  page,
  server,
}) => {
  await signedIn(page, server)
  const postId = await apiMakePost(
    page.request,
    server,
    { title: 'Soil cores' },
    {
      file: uploadFile('cores.txt', 'Core depths: 10 cm\n'),
    },
  )
  await page.goto(`/forum/detail/${postId}`)
  await page.getByRole('button', { name: 'Post actions' }).click()
  await page.getByRole('menuitem', { name: 'Upload new version' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload version 2' })
  const kept = dialog.getByRole('checkbox', { name: /cores\.txt/ })
  await expect(kept).toBeChecked()
  await dialog.getByLabel('New files').setInputFiles(uploadFile('cores.txt', 'Core depths: 12 cm\n'))
  await expect(kept).not.toBeChecked()
  await expect(kept).toBeDisabled()
  await expect(dialog.getByRole('status')).toHaveText(
    'cores.txt will be replaced by the new file of the same name.',
  )
  await dialog.getByLabel('What changed (one line)').fill('Corrected depths')
  await dialog.getByRole('button', { name: 'Publish version' }).click()
  await expect(dialog).toBeHidden()
  const versions = page.getByTestId('post-versions')
  await expect(versions).toContainText('Version 2 of 2')

  // On a phone the version bar fits: the picker is labelled in sight, the manifest CID wraps.
  await page.setViewportSize(PHONE)
  await expect(versions.getByText('Show version')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Show version' })).toBeVisible()
  await expect(versions.getByText('Manifest CID')).toBeVisible()
  const manifest = versions.locator('.post__manifest')
  const box = await manifest.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  expect(await sideways(page)).toBe(0)
})

test('signing in at /login returns to the screen the reader was on', async ({ page, request, server }) => {
  const author = await createUser(request, server, 'author')
  const user = await createUser(request, server, 'reader')
  const postId = await apiPostBy(request, server, author, { title: `Lichen counts ${author.username}` })
  await page.goto(`/forum/detail/${postId}`)
  await expect(page.getByRole('heading', { level: 1, name: /Lichen counts/ })).toBeVisible()
  // Typed into the address bar: a new page load, not a link in the app.
  await page.goto('/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`/forum/detail/${postId}`)
})

test('after registering with an address, the welcome card says a verification mail went to DATA_DIR/mail', async ({
  page,
}) => {
  const username = `new${randomBytes(3).toString('hex')}`
  await page.goto('/register')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery')
  await page.getByLabel('Email (optional)').fill(`${username}@example.org`)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  const welcome = page.locator('.mypage-welcome')
  await expect(welcome.getByText('Welcome to Agora')).toBeVisible()
  await expect(welcome).toContainText(`We sent a link to ${username}@example.org`)
  await expect(welcome).toContainText('DATA_DIR/mail')
})

test('My page on a phone scrolls its tab strip to the selected tab', async ({ page, server }) => {
  await page.setViewportSize(PHONE)
  await signedInAt(page, server, '/mypage?tab=account')
  const tab = page.getByRole('tab', { name: 'Account' })
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  const inSight = () =>
    tab.evaluate((element) => {
      const strip = element.parentElement!.getBoundingClientRect()
      const own = element.getBoundingClientRect()
      return own.left >= strip.left - 1 && own.right <= strip.right + 1
    })
  await expect.poll(inSight).toBe(true)
  // The strip scrolled itself, not the page sideways.
  expect(await sideways(page)).toBe(0)
})

test('the rewards balance and the wallet balance each say what they are', async ({ page, server }) => {
  await signedInAt(page, server, '/mypage')
  const rewards = page.locator('.rewards-card')
  await expect(rewards.getByText('Rewards balance')).toBeVisible()
  await expect(rewards.getByTestId('rewards-what')).toHaveText(/off-chain ledger kept by Agora/)

  await page.goto('/token')
  const card = page.getByRole('region', { name: 'Get Tokens' })
  await card.getByLabel('Receiving address').fill(newAddress())
  await card.getByLabel('Amount').fill('2')
  await card.getByRole('button', { name: 'Get Tokens' }).click()
  await expect(page.getByTestId('token-balance')).toContainText('2 tokens', { timeout: 30_000 })
  const wallet = page.getByRole('region', { name: 'Wallet balance' })
  await expect(wallet.getByTestId('token-balance-what')).toHaveText(
    'Test tokens held by this wallet address on Local test chain, read from the chain; not your Agora rewards.',
  )
})

/** One second of silence as a 16-bit mono 8 kHz WAV file, its tone set apart by `level`. */
function wav(level: number): Buffer {
  const samples = Buffer.alloc(16_000)
  for (let i = 0; i < 8000; i++) samples.writeInt16LE(i % 2 === 0 ? level : -level, i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
}

test('a moment on a post with two recordings names the recording it is in', async ({ page, server }) => {
  await signedIn(page, server)
  const form = new FormData()
  form.append('title', 'Two takes of the chirp')
  for (const [name, level] of [
    ['take-1.wav', 100],
    ['take-2.wav', 200],
  ] as const)
    form.append('files', new Blob([new Uint8Array(wav(level))], { type: 'audio/wav' }), name)
  const upload = await page.request.post(`${server.url}/api/v1/media/upload`, {
    headers: { origin: server.url },
    multipart: form,
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const { post_id: postId } = (await upload.json()) as { post_id: string }
  const post = (await (await page.request.get(`${server.url}/api/v1/media/${postId}`)).json()) as {
    media: { cid: string; name: string }[]
  }
  const second = post.media.find((file) => file.name === 'take-2.wav')!
  const comment = await page.request.post(`${server.url}/api/v1/comments/create`, {
    headers: { origin: server.url },
    data: {
      postId,
      content: 'The second take clips here',
      imageUrl: '',
      anchor: { cid: second.cid, kind: 'time', start: 0 },
    },
  })
  expect(comment.status(), await comment.text()).toBe(201)

  await page.goto(`/forum/detail/${postId}`)
  const thread = page.getByRole('article').filter({ hasText: 'The second take clips here' })
  const chip = thread.getByRole('button', { name: 'Play take-2.wav from 00:00' })
  await expect(chip).toBeVisible()
  await expect(chip).toContainText('take-2.wav')
})
