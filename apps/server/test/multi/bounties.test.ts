import { randomBytes } from 'node:crypto'
import type { BountyAwardResponse, BountyView, RewardsMeResponse } from '@agora/contract'
import { describe, expect, it } from 'vitest'
import { ApiError, apiClient } from '../faults/client'
import { noteSkippedOnPglite, TEST_DB } from '../harness'
import { useTwoServers } from './two-servers'

/**
 * Bounties on two real server processes and one PostgreSQL database: fundings and awards sent to
 * both at once keep the ledger exact — the funder's lock and the bounty's row lock are the
 * database's, not a process's.
 */
noteSkippedOnPglite('Two-process bounty test skipped: it needs TEST_DB=postgres')

const TOKEN = 10n ** 9n
const PASSWORD = 'correct horse battery staple'

describe.runIf(TEST_DB === 'postgres')('bounties on two server processes', () => {
  const servers = useTwoServers('agora-bounties-', {
    COMMENT_RATE_LIMIT: '10000',
    AUTH_RATE_LIMIT: '1000',
    TRUST_NEW_ACCOUNT_HOURS: '0',
    TRUST_MIN_CONTRIBUTIONS: '0',
    REWARDS_POST_PUBLISHED: '100',
    REWARDS_MIN_ACCOUNT_AGE_HOURS: '0',
    REWARDS_HOLD_HOURS: '0',
    // The balance is the funder's post alone: no analysis, so no analysis earnings.
    ANALYSIS_WORKERS: '0',
    REWARDS_UPLOAD_ANALYSED: '0',
  })
  const either = (i: number) => apiClient(i % 2 === 0 ? servers.first.url : servers.second.url)

  /** A user signed in with a browser of their own: no one else's device, so awards may reach them. */
  async function person(name: string) {
    const client = apiClient(servers.first.url)
    const username = `${name}_${randomBytes(3).toString('hex')}`
    const agent = { 'content-type': 'application/json', 'user-agent': `browser-of-${username}` }
    const created = (await client.call('register', '/auth/register', {
      method: 'POST',
      headers: agent,
      body: JSON.stringify({ username, password: PASSWORD }),
    })) as { id: string }
    const login = (await client.call('login', '/auth/token', {
      method: 'POST',
      headers: agent,
      body: JSON.stringify({ username, password: PASSWORD, secure_mode: false }),
    })) as { access_token: string }
    return { id: created.id, username, headers: { authorization: `Bearer ${login.access_token}` } }
  }
  type Person = Awaited<ReturnType<typeof person>>
  const post = (i: number, user: Person, path: string, body: unknown) =>
    either(i).call(path, path, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const status = (call: Promise<unknown>) =>
    call.then(
      () => 200,
      (error: unknown) => (error instanceof ApiError ? error.status : 0),
    )
  const rewards = async (user: Person) =>
    (await either(1).call('rewards', '/rewards/me', { headers: user.headers })) as RewardsMeResponse

  it('twenty fundings sent to both processes at once escrow exactly what the balance covers', async () => {
    const [author, funder] = [await person('author'), await person('funder')]
    const { postId } = await either(0).upload(author, 'Work', 'A result worth reviewing')
    await either(1).upload(funder, 'Own', 'What earns the funder a balance')
    expect((await rewards(funder)).claimable).toBe((100n * TOKEN).toString())

    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        status(post(i, funder, `/media/${postId}/bounties`, { amount: 7, reviews_wanted: 2, deadline })),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(14)
    expect(statuses.filter((s) => s === 402)).toHaveLength(6)
    expect((await rewards(funder)).balance).toBe((2n * TOKEN).toString())
  })

  it('awards sent to both processes at once pay each review once and never more than the bounty holds', async () => {
    const [author, funder] = [await person('author'), await person('funder')]
    const { postId } = await either(0).upload(author, 'Work', 'A result worth reviewing')
    await either(1).upload(funder, 'Own', 'What earns the funder a balance')
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    const bounty = (await post(0, funder, `/media/${postId}/bounties`, {
      amount: 25,
      reviews_wanted: 3,
      deadline,
    })) as BountyView
    const reviewers = [await person('r1'), await person('r2'), await person('r3')]
    const reviews: string[] = []
    for (const [i, reviewer] of reviewers.entries()) {
      const written = (await post(i, reviewer, `/media/${postId}/reviews`, {
        summary: `Review ${i}: the evidence supports the claim, with one caveat on the sample. ${'r'.repeat(150)}`,
        ratings: { soundness: 4, novelty: 3, clarity: 4, reproducibility: 3, significance: 4 },
        confidence: 3,
        competing_interests: 'None',
      })) as { _id: string }
      reviews.push(written._id)
    }
    // Each review asked for twice, 10 tokens each time, from both processes: 60 asked of 25.
    const asked = reviews.flatMap((reviewId) => [reviewId, reviewId])
    const answers = await Promise.all(
      asked.map((reviewId, i) =>
        post(i, funder, `/bounties/${bounty.id}/award`, { review_id: reviewId, amount: 10 }).then(
          (body) => body as BountyAwardResponse,
          (error: unknown) => error as ApiError,
        ),
      ),
    )
    const paid = answers.filter((answer): answer is BountyAwardResponse => !(answer instanceof ApiError))
    expect(paid).toHaveLength(2)
    expect(new Set(paid.map((answer) => answer.award.review_id)).size).toBe(2)
    for (const refused of answers.filter((answer) => answer instanceof ApiError))
      expect([409]).toContain((refused as ApiError).status)

    const earned = await Promise.all(
      reviewers.map(async (reviewer) => BigInt((await rewards(reviewer)).balance)),
    )
    expect(earned.reduce((sum, units) => sum + units, 0n)).toBe(20n * TOKEN)
    const listed = (await either(1).call('bounties', `/media/${postId}/bounties`)) as { items: BountyView[] }
    expect(listed.items[0]).toMatchObject({ id: bounty.id, remaining: 5, status: 'open' })
    expect((await rewards(funder)).balance).toBe((75n * TOKEN).toString())
  })
})
