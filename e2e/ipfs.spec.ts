// IPFS in the browser: beside a file its CID to copy, a link through a public gateway and
// Verify, which re-derives the CID in a Web Worker from our gateway's CAR; "Download as CAR" for the
// whole post, read back with @ipld/car.
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { waitFor, wavNoise } from '@agora/test-kit'
import { startFakePinningService } from '@agora/test-kit/pinning'
import { CarReader } from '@ipld/car'
import * as dagPb from '@ipld/dag-pb'
import type { Page } from '@playwright/test'
import { apiMakePost } from './factories'
import {
  type AgoraServer,
  expect,
  expectAccessible,
  expectConsoleErrors,
  signedIn,
  startServer,
  test,
} from './fixtures'

/** A text file of four leaves and a bit (256 KiB chunks), so the CAR holds a root node over raw leaves. */
function notes() {
  const line = `Spectral lines of hydrogen, measured again. ${randomBytes(8).toString('hex')}\n`
  return Buffer.from(line.repeat(Math.ceil((1100 * 1024) / line.length)))
}

async function postWithNotes(page: Page, server: AgoraServer) {
  const buffer = notes()
  const postId = await apiMakePost(
    page.request,
    server,
    { title: 'Balmer series, raw notes' },
    {
      file: { name: 'balmer-notes.txt', mimeType: 'text/plain', buffer },
    },
  )
  const detail = await page.request.get(`${server.url}/api/v1/media/${postId}`)
  const { media } = (await detail.json()) as { media: { cid: string }[] }
  return { postId, cid: media[0]!.cid, buffer }
}

const status = (page: Page) => page.locator('.file-ipfs__result')

test('Verify re-derives a file’s CID in the browser, and says so in words when the bytes are wrong', async ({
  page,
  server,
}) => {
  await signedIn(page, server, 'verify')
  const { postId, cid } = await postWithNotes(page, server)
  await page.goto(`/forum/detail/${postId}`)
  // The tools sit under the file, which keeps the slide's whole width (beside it they squeezed a PDF to half).
  const [slide, file, tools] = await Promise.all(
    ['.carousel__slide', '.carousel__slide > :first-child', '.file-ipfs'].map((selector) =>
      page.locator(selector).first().boundingBox(),
    ),
  )
  expect(Math.round(file!.width)).toBe(Math.round(slide!.width))
  expect(tools!.y).toBeGreaterThanOrEqual(file!.y + file!.height - 1)

  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(status(page)).toHaveText(`✓ bytes match ${cid}`)

  // Bytes changed on the way: the worker finds the block that no longer hashes to its CID.
  await page.context().route(`**/ipfs/${cid}?format=car`, async (route) => {
    const response = await route.fetch()
    const body = await response.body()
    body[body.length - 100] = body[body.length - 100]! ^ 0xff
    await route.fulfill({ response, body })
  })
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(status(page)).toHaveText('✗ Verification failed: a block does not match its CID.')
  await page.context().unrouteAll()

  // The stored file changed on disk: our gateway stops before the bad block, and Verify fails.
  const shard = join(server.dataDir, 'blobs', cid.slice(-3, -1))
  const path = join(shard, readdirSync(shard).find((name) => name === cid)!)
  const stored = readFileSync(path)
  stored[600 * 1024] = stored[600 * 1024]! ^ 0xff
  writeFileSync(path, stored)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(status(page)).toHaveText(/^✗ Verification failed: /)
  await expect(status(page)).not.toContainText('✓')
  // The browser logs the broken-off transfer, and nothing else.
  expectConsoleErrors(page, /ERR_|Failed to load resource/)
})

test('the CID copies by keyboard, the gateway link follows the reader’s choice, Download as CAR parses, zh, axe at 375 px', async ({
  page,
  server,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signedIn(page, server, 'car')
  const { postId, cid, buffer } = await postWithNotes(page, server)
  await page.goto(`/forum/detail/${postId}`)

  const copy = page.getByRole('button', { name: 'Copy CID' })
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Copied' })).toBeFocused()
  await expect(page.locator('.cid-copy [role="status"]')).toHaveText('CID copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cid)

  const open = page.getByRole('link', { name: 'Open through an IPFS gateway' })
  await expect(open).toHaveAttribute('href', `https://ipfs.io/ipfs/${cid}`)
  await page.getByText('Gateway: https://ipfs.io').click()
  await page.getByLabel('IPFS gateway').fill('https://dweb.example.org/')
  await page.getByRole('button', { name: 'Save gateway' }).click()
  await expect(open).toHaveAttribute('href', `https://dweb.example.org/ipfs/${cid}`)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as CAR' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`agora-${postId}-v1.car`)
  const car = await CarReader.fromBytes(readFileSync((await download.path())!))
  const [root] = await car.getRoots()
  const directory = dagPb.decode((await car.get(root!))!.bytes)
  const links = new Map(directory.Links.map((link) => [link.Name, link.Hash.toString()]))
  expect([...links.keys()].sort()).toEqual(['balmer-notes.txt', 'metadata.json'])
  expect(links.get('balmer-notes.txt')).toBe(cid)
  const record = JSON.parse(
    Buffer.from(
      (await car.get(directory.Links.find((link) => link.Name === 'metadata.json')!.Hash))!.bytes,
    ).toString(),
  )
  expect(record).toMatchObject({ title: 'Balmer series, raw notes', files: [{ cid, size: buffer.length }] })

  // In Chinese, on a phone: the same controls, labelled in Chinese, and nothing axe objects to.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.evaluate(() => localStorage.setItem('lang', 'zh'))
  await page.reload()
  await expect(page.getByRole('button', { name: '复制 CID' })).toBeVisible()
  await expect(page.getByRole('link', { name: '通过 IPFS 网关打开' })).toHaveAttribute(
    'href',
    `https://dweb.example.org/ipfs/${cid}`,
  )
  await expect(page.getByRole('link', { name: '下载为 CAR' })).toBeVisible()
  await page.getByRole('button', { name: '校验', exact: true }).click()
  await expect(status(page)).toHaveText(`✓ 字节与 ${cid} 一致`)
  await expectAccessible(page, 'a post with its file’s CID, gateway link and Verify, in Chinese at 375 px')
})

test('Verify of a 50 MB recording shows its progress and never freezes the page', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000)
  await signedIn(page, server, 'bigfile')
  const postId = await apiMakePost(
    page.request,
    server,
    { title: 'Fifty megabytes of hydrophone noise' },
    { file: { name: 'hydrophone.wav', mimeType: 'audio/wav', buffer: wavNoise(50 * 1024 * 1024) } },
  )
  const { media } = (await (await page.request.get(`${server.url}/api/v1/media/${postId}`)).json()) as {
    media: { cid: string }[]
  }
  await page.goto(`/forum/detail/${postId}`)

  // A heartbeat on the page's main thread (the longest gap between its beats is how long the page
  // froze), and every progress the page shows while it works.
  await page.evaluate(() => {
    const watch = window as unknown as { longestGap: number; shown: { value: number; text: string }[] }
    watch.longestGap = 0
    watch.shown = []
    let lastBeat = performance.now()
    setInterval(() => {
      const now = performance.now()
      watch.longestGap = Math.max(watch.longestGap, now - lastBeat)
      lastBeat = now
    }, 20)
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('.file-ipfs__progress')
      const text = document.querySelector('.file-ipfs__result')?.textContent ?? ''
      if (bar) watch.shown.push({ value: bar.value, text })
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(status(page)).toHaveText(`✓ bytes match ${media[0]!.cid}`, { timeout: 90_000 })
  const shown = await page.evaluate(
    () => (window as unknown as { shown: { value: number; text: string }[] }).shown,
  )
  // Part of the way through, the page said how far it was.
  const midway = shown.filter(({ value }) => value > 0 && value < 50 * 1024 * 1024)
  expect(midway.length, JSON.stringify(shown.slice(0, 5))).toBeGreaterThan(0)
  expect(
    midway.some(({ text }) => / of 5\d(\.\d)? MB/.test(text)),
    JSON.stringify(midway.slice(0, 3)),
  ).toBe(true)
  const longestGap = await page.evaluate(() => (window as unknown as { longestGap: number }).longestGap)
  // Hashing 50 MB on the main thread takes seconds; in the worker the page keeps answering.
  expect(longestGap).toBeLessThan(1_000)
})

test('with a pinning service configured, each file says where its pin stands: pinned, or failed', async ({
  browser,
}) => {
  test.setTimeout(120_000) // a server of its own
  const service = await startFakePinningService('e2e-pinning-token')
  const server = await startServer({
    IPFS_PINNING_URL: service.url,
    IPFS_PINNING_TOKEN: 'e2e-pinning-token',
    IPFS_PIN_MAX_ATTEMPTS: '1',
  })
  const context = await browser.newContext({ baseURL: server.url })
  try {
    const page = await context.newPage()
    await signedIn(page, server, 'pinner')
    const pinStatusOf = async (postId: string) => {
      const response = await page.request.get(`${server.url}/api/v1/media/${postId}`)
      return ((await response.json()) as { media: { pin_status?: string }[] }).media[0]?.pin_status
    }
    const pinned = await apiMakePost(page.request, server, { title: 'Pinned at once' })
    await waitFor(async () => (await pinStatusOf(pinned)) === 'pinned', 'the first file to be pinned', 30_000)
    // A page of this test's own context: wait for the app to take over the drawn copy (the fixture's page does).
    const drawnCopy = page.locator('#static-shell[data-first-screen]')
    await page.goto(`/forum/detail/${pinned}`)
    await expect(drawnCopy).toHaveCount(0)
    await expect(page.locator('.file-ipfs__pin')).toHaveText('Pinned')

    // A refusal no retry can change (400) fails the pin at once.
    service.failNext(400)
    const refused = await apiMakePost(page.request, server, { title: 'The service gives up' })
    await waitFor(async () => (await pinStatusOf(refused)) === 'failed', 'the second pin to fail', 30_000)
    await page.goto(`/forum/detail/${refused}`)
    await expect(drawnCopy).toHaveCount(0)
    await expect(page.locator('.file-ipfs__pin')).toHaveText('Pin failed')
    expect(service.pinRequests().map((request) => request.authorization)).toEqual([
      'Bearer e2e-pinning-token',
      'Bearer e2e-pinning-token',
    ])
  } finally {
    await context.close()
    await server.stop()
    await service.close()
  }
})
