import { apiMakeComment, apiMakePost, submitUploadForm } from './factories'
import {
  type AgoraServer,
  test as base,
  createUser,
  expect,
  expectAccessible,
  expectConsoleErrors,
  loginViaApi,
  startServer,
  workerServer,
} from './fixtures'
import { installTestWallet, newAddress } from './testWallet'

/**
 * Rewards are paid only to accounts older than a day and become claimable a day later by default:
 * this spec's server pays a new account at once, with a minimum claim of 1 token, so a claim smaller
 * than the balance can be made.
 */
const test = base.extend<object, { server: AgoraServer }>({
  server: workerServer(() =>
    startServer({
      REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
      REWARDS_HOLD_HOURS: '0',
      REWARDS_MIN_CLAIM: '1',
      // No analysis: its reward would land at a moment of its own and blur the figures checked here.
      ANALYSIS_WORKERS: '0',
    }),
  ),
})

test('a published post earns tokens that are claimed, exactly, to an address on the embedded chain', async ({
  page,
  request,
  server,
}, testInfo) => {
  const user = await createUser(request, server, 'earner')
  await loginViaApi(page, server, user)

  // Publishing says what it earned, once.
  await page.goto('/upload')
  await submitUploadForm(page, 'Notes that earn')
  await expect(page.getByRole('status').filter({ hasText: 'Upload successful' })).toBeVisible()
  const notifications = page.getByRole('region', { name: 'Notifications' })
  await expect(notifications.getByText('+10 tokens for your post')).toHaveCount(1)

  // My page: the card's figures, then the tab with the entry that earned them.
  await page.goto('/mypage')
  const card = page.getByRole('region', { name: 'Rewards' })
  await expect(card.getByTestId('rewards-balance')).toHaveText('10 tokens')
  await expect(card.getByTestId('rewards-claimable')).toHaveText('10 tokens')
  await card.getByRole('link', { name: 'Rewards and claims' }).click()
  await expect(page.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true')
  const ledger = page.getByRole('list', { name: 'What you earned' })
  const earned = ledger.getByTestId('reward-entry')
  await expect(earned).toHaveCount(1)
  await expect(earned).toContainText('Post published')
  await expect(earned).toContainText('+10 tokens')
  await expect(earned.getByRole('link', { name: 'View post' })).toHaveAttribute('href', /^\/forum\/detail\//)
  await expect(page.getByText('No claims yet.')).toBeVisible()
  await expectAccessible(page, 'rewards tab')

  // The amount is all that is claimable unless changed, and is checked before anything is sent.
  const amount = page.getByLabel('Amount (tokens)')
  await expect(amount).toHaveValue('10')
  await amount.fill('10.5')
  await page.getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(page.getByText('You can claim at most 10 tokens')).toBeVisible()
  await expect(amount).toHaveAttribute('aria-invalid', 'true')

  // A refusal is shown in the server's words.
  await amount.fill('4')
  const addressField = page.getByLabel('Receiving address')
  await addressField.fill('not-a-solana-address')
  await page.getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid Solana address')
  await expect(card.getByTestId('rewards-balance')).toHaveText('10 tokens')
  const address = newAddress()
  await addressField.fill(address)

  const before = await request.get(`${server.url}/api/v1/token/balance`, { params: { address } })
  expect((await before.json()).base_units).toBe('0')

  const claimAnswer = page.waitForResponse((response) => response.url().endsWith('/api/v1/rewards/claim'))
  await page.getByRole('button', { name: 'Claim', exact: true }).click()
  expect((await claimAnswer).status()).toBe(200)

  // The history says paid, with the transaction (no public explorer sees the embedded chain).
  const claim = page.getByTestId('claim-item')
  await expect(claim).toHaveCount(1)
  await expect(claim).toHaveAttribute('data-status', 'paid')
  await expect(claim).toContainText('4 tokens')
  await expect(claim).toContainText('Paid')
  await expect(claim).toContainText(address)
  await expect(claim.locator('code')).toHaveCount(2)
  await expect(claim.getByRole('link')).toHaveCount(0)
  await expect(card.getByTestId('rewards-balance')).toHaveText('6 tokens')
  await expect(ledger.getByTestId('reward-entry').first()).toContainText('Claimed to a wallet')
  await expect(ledger.getByTestId('reward-entry').first()).toContainText('-4 tokens')

  // On chain: exactly the claimed amount arrived.
  const after = await request.get(`${server.url}/api/v1/token/balance`, { params: { address } })
  expect(await after.json()).toMatchObject({ address, base_units: '4000000000' })

  // The author page's Statistics and the forum hero count what was earned (claims do not lower it).
  await page.goto(`/author/${user.id}?tab=statistics`)
  const earnedCard = page.locator('[data-stat="tokens_earned"]')
  await expect(earnedCard).toContainText('Tokens earned')
  await expect(earnedCard.locator('dd')).toHaveText('10')
  await expect(earnedCard.locator('dd')).toHaveAttribute('title', '10 tokens')
  const { tokens_earned } = await (await request.get(`${server.url}/api/v1/stats`)).json()
  expect(tokens_earned).toBeGreaterThanOrEqual(10)
  await page.goto('/forum')
  const heroFigure = page.locator('.forum-hero__stat').filter({ hasText: 'Tokens earned' })
  await expect(heroFigure.locator('dd')).toHaveText(String(tokens_earned))

  // The token page's leaderboard lists the earner, and says how to earn.
  await page.goto('/token')
  const board = page.getByRole('table', { name: /Researchers who earned the most tokens/ })
  await expect(board.getByRole('row', { name: new RegExp(user.username) })).toContainText('10 tokens')
  // The reader's own row says so.
  await expect(board.getByRole('row', { name: new RegExp(user.username) })).toContainText('You')
  await expect(board.getByText('You', { exact: true })).toHaveCount(1)
  await page.getByRole('radio', { name: 'All time' }).check()
  await expect(board).toHaveAccessibleName(/All time/)
  await expect(board.getByRole('row', { name: new RegExp(user.username) })).toContainText('10 tokens')
  const rules = page.getByRole('region', { name: 'How to earn' })
  await expect(rules.getByText('Post published')).toBeVisible()
  await expect(rules).toContainText('+10 tokens')

  // On a phone, in the dark theme: nothing scrolls sideways and the contrast holds.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))
  for (const [path, ready] of [
    ['/mypage?tab=rewards', page.getByTestId('claim-item')],
    ['/token', board],
  ] as const) {
    await page.goto(path)
    await expect(ready).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
    await expectAccessible(page, `dark 375 px ${path}`)
    await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W+/g, '-')}.png`), fullPage: true })
  }
  // The refused claim's 400 is the only failed load.
  expectConsoleErrors(page, /status of 400/)
})

test('the ledger pages with Load more, and all that is claimable goes to the connected wallet', async ({
  page,
  request,
  server,
}) => {
  const user = await createUser(request, server, 'pager')
  const wallet = newAddress()
  await installTestWallet(page, { address: wallet })
  await loginViaApi(page, server, user)
  const api = page.request
  const postId = await apiMakePost(api, server, { title: 'Paged', summary: '', tags: 'e2e' })
  // 20 comments (the default daily cap) after the post: 21 entries, one more than a page. The first is
  // written on the post page: its toast says what it earned.
  await page.goto(`/forum/detail/${postId}`)
  await page.getByRole('button', { name: 'Write a Comment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write a Comment' })
  await dialog.getByRole('textbox').fill('The first comment')
  await dialog.getByRole('button', { name: 'Comment', exact: true }).click()
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status')
  await expect(toast).toContainText('Your comment is posted')
  await expect(toast).toContainText('+2 tokens for your comment')
  for (let index = 1; index < 20; index++) await apiMakeComment(api, server, postId, `Comment ${index}`)

  await page.goto('/mypage?tab=rewards')
  await expect(page.getByTestId('rewards-balance')).toHaveText('50 tokens')
  const entries = page.getByRole('list', { name: 'What you earned' }).getByTestId('reward-entry')
  await expect(entries).toHaveCount(20)
  await expect(entries.first()).toContainText('Comment written')
  await expect(entries.first()).toContainText('+2 tokens')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(entries).toHaveCount(21)
  await expect(entries.last()).toContainText('Post published')
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  // The claim form connects the wallet and takes its address; the amount is all that is claimable.
  await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByLabel('Receiving address')).toHaveValue(wallet)
  await expect(page.getByText('Filled in from your connected wallet')).toBeVisible()
  await expect(page.getByLabel('Amount (tokens)')).toHaveValue('50')
  await page.getByRole('button', { name: 'Claim', exact: true }).click()
  await expect(page.getByTestId('claim-item')).toHaveAttribute('data-status', 'paid')
  await expect(page.getByTestId('rewards-balance')).toHaveText('0 tokens')
  await expect(page.getByText('The smallest claim is 1 token: earn a little more, then claim.')).toBeVisible()
  const onChain = await request.get(`${server.url}/api/v1/token/balance`, { params: { address: wallet } })
  expect(await onChain.json()).toMatchObject({ address: wallet, base_units: '50000000000' })
})
