/// <reference lib="dom" />
// page.evaluate and init-script callbacks run in the browser: they use DOM globals.
import type { Page } from '@playwright/test'
import { createUser, expect, expectConsoleErrors, loginViaApi, signInThroughDialog, test } from './fixtures'
import {
  installTestWallet,
  newAddress,
  type TestWalletHandle,
  testWalletCalls,
  walletSessionDecided,
  watchStorageReads,
} from './testWallet'

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Signs in through the API in secure mode (cookies) and stores the app's session marker, as a login does. */
const header = (page: Page) => page.getByRole('banner')
/** The connected control in the header bar (named after the shortened address and the network). */
const walletButton = (page: Page, address: string) =>
  header(page).getByRole('button', { name: `Wallet ${short(address)} on Local test chain` })

test('connect shows Connecting..., then the network name and the shortened address', async ({ page }) => {
  const address = newAddress()
  await installTestWallet(page, { address, delayMs: 1500 })
  await watchStorageReads(page)
  await page.goto('/forum')
  // The silent attempt on load: this wallet does not trust the site yet.
  await expect.poll(() => testWalletCalls(page)).toEqual([{ onlyIfTrusted: true }])
  const connect = header(page).getByRole('button', { name: 'Connect Wallet' })
  await connect.click()
  await expect(header(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled()
  const account = header(page).getByRole('button', { name: `Wallet ${short(address)} on Local test chain` })
  await expect(account).toBeVisible()
  await expect(account).toContainText(short(address))
  await expect(account).toContainText('Local test chain')
  expect(await testWalletCalls(page)).toEqual([{ onlyIfTrusted: true }, null])

  // Disconnect from the control's menu.
  await account.click()
  await page.getByRole('menuitem', { name: 'Disconnect' }).click()
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  // After a deliberate disconnect a reload does not reconnect by itself.
  await page.reload()
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await walletSessionDecided(page)
  expect(await testWalletCalls(page)).toEqual([])
})

test("the wallet's own disconnect event resets to Connect Wallet", async ({ page }) => {
  const address = newAddress()
  await installTestWallet(page, { address })
  await page.goto('/')
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(walletButton(page, address)).toBeVisible()
  await page.evaluate(() =>
    (window as unknown as { __testWallet: TestWalletHandle }).__testWallet.emit('disconnect'),
  )
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(walletButton(page, address)).toHaveCount(0)

  // A connect event from the wallet (the user connected from the extension) sets connected again.
  await page.evaluate(
    (key) => (window as unknown as { __testWallet: TestWalletHandle }).__testWallet.emit('connect', key),
    address,
  )
  await expect(walletButton(page, address)).toBeVisible()
})

test("a refused request shows 'Connection request rejected' for 3 seconds", async ({ page }) => {
  await installTestWallet(page, { address: newAddress(), reject: true })
  await page.goto('/')
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Connection request rejected' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('User rejected the request')
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeEnabled()
  await expect(toast).toBeHidden({ timeout: 5000 })
})

test("any other failure shows 'Connection failed' with the wallet's reason", async ({ page }) => {
  await installTestWallet(page, { address: newAddress(), failWith: 'Wallet is locked' })
  await page.goto('/')
  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Connection failed' })
  await expect(toast).toContainText('Wallet is locked')
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeEnabled()
})

test("without a wallet extension Connect says 'Please install Phantom' and loads no wallet code on its own", async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await watchStorageReads(page)
  await page.goto('/forum')
  await expect(header(page).getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await walletSessionDecided(page)
  expect(scripts.filter((url) => url.includes('walletAdapters'))).toEqual([])

  await header(page).getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please install Phantom' })).toBeVisible()
  expect(scripts.filter((url) => url.includes('walletAdapters'))).toHaveLength(1)
})

test('a wallet that trusts the site reconnects silently on load; one that does not stays disconnected', async ({
  browser,
  baseURL,
}) => {
  const address = newAddress()
  const trusted = await browser.newPage({ baseURL })
  await installTestWallet(trusted, { address, trusted: true })
  await trusted.goto('/')
  await expect(walletButton(trusted, address)).toBeVisible()
  expect(await testWalletCalls(trusted)).toEqual([{ onlyIfTrusted: true }])
  await trusted.close()

  const untrusted = await browser.newPage({ baseURL })
  const logged: string[] = []
  untrusted.on('console', (message) => logged.push(message.text()))
  await installTestWallet(untrusted, { address })
  await untrusted.goto('/')
  await expect.poll(() => logged).toContain('No trusted connection')
  await expect(header(untrusted).getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await untrusted.close()
})

test('Get Tokens sends tokens on the embedded chain to the connected wallet and shows the balance', async ({
  page,
  request,
  server,
}) => {
  const address = newAddress()
  const user = await createUser(request, server, 'tok')
  await installTestWallet(page, { address, trusted: true })
  await loginViaApi(page, server, user)
  await page.goto('/token')
  await expect(page.getByRole('heading', { level: 1, name: 'Token Management' })).toBeVisible()

  const card = page.getByRole('region', { name: 'Get Tokens' })
  await expect(card.getByText(address)).toBeVisible()
  await expect(card.getByText('Network: Local test chain')).toBeVisible()
  // The wallet receives: no address to type.
  await expect(card.getByLabel('Receiving address')).toHaveCount(0)
  // The allowance is the user's and their address's: other tests' grants from 127.0.0.1 count too.
  const allowance = card.getByText(/^\d+ of 500 tokens left for you today$/)
  await expect(allowance).toBeVisible()
  const left = async () => Number((await allowance.textContent())?.split(' ')[0])
  const before = await left()
  expect(before).toBeGreaterThanOrEqual(100)
  await expect(card.getByLabel('Amount')).toHaveAttribute('max', '100')

  await card.getByLabel('Amount').fill('25')
  await card.getByRole('button', { name: 'Get Tokens' }).click()
  const result = page.getByRole('status').filter({ hasText: 'Tokens sent' })
  await expect(result).toBeVisible({ timeout: 30_000 })
  await expect(result).toContainText(address)
  await expect(result).toContainText('25 tokens')
  const signature = (await result.locator('dd').nth(2).textContent())?.trim() ?? ''
  expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  // The embedded chain has no public explorer: the hash is shown, not linked.
  await expect(result.getByRole('link')).toHaveCount(0)
  await expect(result.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)

  await expect(page.getByTestId('token-balance')).toContainText('25 tokens')
  await expect(page.getByTestId('token-balance')).toContainText('0.00099088 SOL')
  await expect.poll(left).toBeLessThanOrEqual(before - 25)

  // The chain agrees.
  const balance = await request.get(`${server.url}/api/v1/token/balance`, { params: { address } })
  expect(await balance.json()).toMatchObject({ address, tokens: 25, base_units: '25000000000' })
})

test('without a wallet: address required, the server detail on failure, and login first when signed out', async ({
  page,
  request,
  server,
}) => {
  expectConsoleErrors(page, /status of 400/) // the browser's note of the faucet's refusal
  await page.goto('/token')
  const card = page.getByRole('region', { name: 'Get Tokens' })
  await expect(card.getByText('Connect a wallet to receive the tokens')).toBeVisible()
  await expect(card.getByText('Log in to get tokens (up to 500 a day).')).toBeVisible()
  await card.getByLabel('Amount').fill('5')
  await card.getByRole('button', { name: 'Get Tokens' }).click()
  await expect(card.getByText('Please enter receiving address')).toBeVisible()

  // Signed out: the login modal opens, and after signing in the request goes out.
  const user = await createUser(request, server, 'addr')
  await card.getByLabel('Receiving address').fill('not-a-solana-address')
  await card.getByRole('button', { name: 'Get Tokens' }).click()
  await signInThroughDialog(page, user)
  await expect(card.getByRole('alert')).toHaveText('Invalid Solana address')

  const address = newAddress()
  await card.getByLabel('Receiving address').fill(address)
  await card.getByLabel('Amount').fill('3')
  await card.getByRole('button', { name: 'Get Tokens' }).click()
  const result = page.getByRole('status').filter({ hasText: 'Tokens sent' })
  await expect(result).toContainText(address, { timeout: 30_000 })
  await expect(result).toContainText('3 tokens')
  await expect(page.getByTestId('token-balance')).toContainText('3 tokens')
})

test('on a phone the wallet control is in the hamburger menu', async ({ page }) => {
  const address = newAddress()
  await page.setViewportSize({ width: 375, height: 800 })
  await installTestWallet(page, { address })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.locator('#site-menu')
  await menu.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(menu.getByText(short(address))).toBeVisible()
  await expect(menu.getByText('Local test chain')).toBeVisible()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await menu.getByRole('button', { name: 'Copy address' }).click()
  await expect(menu.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  await expect(menu.getByRole('button', { name: 'Copy address' })).toBeVisible()
  await menu.getByRole('button', { name: 'Disconnect' }).click()
  await expect(menu.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})
