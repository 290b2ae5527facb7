import { randomBytes, randomUUID } from 'node:crypto'
import { waitFor } from '@agora/test-kit'
import { getAddressDecoder, type Instruction } from '@solana/kit'
import { sql } from 'kysely'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testChainSlot } from '../../../test/chain'
import {
  apiLikeComment,
  apiLikePost,
  apiMakeComment,
  apiMakePost,
  dbModerate,
  makeUser,
  send,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { analysisQueue } from '../analysis/analysis.queue'
import { openTokenChain } from '../token/chain.open'
import { heldChain, type StopStage, stoppingChain } from '../token/chain.stopping'
import { ChainFailure, type TokenChain } from '../token/token.chain'
import { balanceOf } from '../token/token.transfer'
import {
  CLAIM_DID_NOT_LAND,
  CLAIM_NOT_SENT,
  CLAIM_PENDING,
  KEY_REUSED,
  rewardsService,
} from './rewards.claims'
import { rewardsStore } from './rewards.store'

// The rewards API over the real app, database and embedded chain. Users are made 48 hours old
// (the default minimum account age is 24), and earnings are moved back past the 24-hour hold
// where a test needs them claimable: time is set in the database, never waited for.

const chains = testChainSlot(() => openTokenChain(t.config))
const t = useTestApp(
  { COMMENT_RATE_LIMIT: '10000', LIKE_RATE_LIMIT: '10000', REWARDS_CLAIM_RATE_LIMIT: '10000' },
  {},
  { parts: { tokenChain: chains } },
)
let chain: TokenChain
beforeAll(async () => {
  chain = await chains.get()
})
// A test may put a failing chain in its place.
afterEach(() => chains.restore())

/** The test chain, but every transfer fails: `failure` tells how, given the transfer's instructions. */
function provideFailingTransfers(
  failure: (instructions: Instruction[]) => ChainFailure | Promise<ChainFailure>,
) {
  chains.use({
    ...chain,
    send: async (instructions) => {
      throw await failure(instructions)
    },
  })
}

const TOKEN = 10n ** 9n
const units = (tokens: number) => (BigInt(tokens) * TOKEN).toString()
const freshAddress = () => getAddressDecoder().decode(randomBytes(32)) as string
type User = Awaited<ReturnType<typeof makeUser>>

/** A user old enough to earn (or `ageHours` old). */
async function member(ageHours = 48): Promise<User> {
  const user = await makeUser(t)
  await sql`update users set created_at = now() - make_interval(hours => ${ageHours}) where id = ${user.id}`.execute(
    t.database.db,
  )
  return user
}

async function remove(user: User, key: 'DELETE /comments/:id' | 'DELETE /media/:id/delete', id: string) {
  const response = await sendTo(t, user, key, { params: { id } })
  expect(response.statusCode, response.body).toBe(200)
}

async function listClaims(user: User) {
  return (await sendTo(t, user, 'GET /rewards/claims')).json().claims
}

async function me(user: User, query = '') {
  const response = await send(t, user, 'GET', `/api/v1/rewards/me${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** The user's ledger rows, oldest first, as the database has them. */
async function ledger(user: User) {
  const rows = await t.database.db
    .selectFrom('reward_entries')
    .select(['reason', 'source_kind', 'source_id', 'reverses'])
    .select(sql<string>`amount::text`.as('amount'))
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows
}

/** Moves all of a user's entries `hours` into the past (out of the hold, or into an earlier day). */
/** Moves a user's earnings `hours` back in time, and the daily counts with them. */
async function age(user: User, hours: number) {
  const { db } = t.database
  await sql`update reward_entries set created_at = created_at - make_interval(hours => ${hours}) where user_id = ${user.id}`.execute(
    db,
  )
  await sql`delete from reward_day_counts where user_id = ${user.id}`.execute(db)
  await sql`insert into reward_day_counts (user_id, reason, day, earned)
            select user_id, reason, (created_at at time zone 'UTC')::date, count(*) from reward_entries
            where user_id = ${user.id} and reason not in ('reversal', 'claim', 'claim_refund')
            group by 1, 2, 3`.execute(db)
}

/** A member's post, another member's comment on it, and the author's reply to that comment. */
async function threadOnPost() {
  const author = await member()
  const other = await member()
  const post = await apiMakePost(t, author)
  const comment = await apiMakeComment(t, other, post.post_id)
  const reply = await apiMakeComment(t, author, post.post_id, { parentId: comment._id })
  return { author, other, post, comment, reply }
}

/** A user with `posts` × 10 claimable tokens, earned by publishing and aged past the hold. */
async function earner(posts: number) {
  const user = await member()
  for (let i = 0; i < posts; i++) await apiMakePost(t, user)
  await age(user, 25)
  return user
}

function claim(user: User, body: Record<string, unknown>) {
  return sendTo(t, user, 'POST /rewards/claim', { json: body })
}

const key = () => randomUUID()

/** The user's notifications, as kind and amount (claim.settled). */
async function notices(user: User) {
  const response = await sendTo(t, user, 'GET /notifications')
  return response
    .json()
    .items.map((item: { kind: string; amount?: string }) => ({ kind: item.kind, amount: item.amount }))
}

describe(`rewards: earning by the rules (${TEST_DB})`, () => {
  it('lists the rules as configured, in base units', async () => {
    const response = await sendTo(t, null, 'GET /rewards/rules')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      decimals: 9,
      rules: [
        { reason: 'post_published', amount: units(10), daily_cap: 5 },
        { reason: 'comment_written', amount: units(2), daily_cap: 20 },
        { reason: 'post_like_received', amount: units(1), daily_cap: 100 },
        { reason: 'comment_like_received', amount: units(1), daily_cap: 100 },
        { reason: 'upload_analysed', amount: units(5), daily_cap: 5 },
      ],
      min_account_age_hours: 24,
      hold_hours: 24,
      min_claim: units(10),
    })
  })

  it('documents its endpoints in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json()
    for (const [path, method] of [
      ['/api/v1/rewards/me', 'get'],
      ['/api/v1/rewards/claims', 'get'],
      ['/api/v1/rewards/rules', 'get'],
      ['/api/v1/rewards/leaderboard', 'get'],
      ['/api/v1/rewards/claim', 'post'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
    expect(Object.keys(doc.paths['/api/v1/rewards/claim'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '429', '503']),
    )
  })

  it('pays a published post and a comment, says so in the response, and the balance is the sum of the entries', async () => {
    const author = await member()
    const reader = await member()
    const post = await apiMakePost(t, author)
    expect(post.reward).toEqual({ amount: units(10), reason: 'post_published' })
    const written = await apiMakeComment(t, reader, post.post_id)
    expect(written.reward).toEqual({ amount: units(2), reason: 'comment_written' })

    const mine = await me(author)
    expect(mine).toMatchObject({
      balance: units(10),
      earned_total: units(10),
      claimable: '0',
      min_claim: units(10),
    })
    expect(mine.entries).toEqual([
      {
        id: expect.any(String),
        amount: units(10),
        reason: 'post_published',
        source: { kind: 'post', id: post.post_id, post_id: post.post_id },
        created_at: expect.any(String),
      },
    ])
    expect((await me(reader)).entries[0]).toMatchObject({
      reason: 'comment_written',
      source: { kind: 'comment', id: written._id, post_id: post.post_id },
    })
    const sum = (await ledger(author)).reduce((total, row) => total + BigInt(row.amount), 0n)
    expect(sum.toString()).toBe(mine.balance)
  })

  it('links an entry to its post only while the earner may see it: not once moderators hid it', async () => {
    const author = await member()
    const reader = await member()
    const post = await apiMakePost(t, author)
    const written = await apiMakeComment(t, reader, post.post_id)
    const source = async (who: TestUser) => (await me(who)).entries[0].source
    expect(await source(reader)).toEqual({ kind: 'comment', id: written._id, post_id: post.post_id })
    await dbModerate(t, 'post', post.post_id, 'hidden')
    expect(await source(reader)).toMatchObject({ kind: 'comment', id: written._id, post_id: null })
    // Its author still sees the post, and so the link.
    expect(await source(author)).toMatchObject({ kind: 'post', post_id: post.post_id })
  })

  it('pays likes received on posts and comments, not likes of your own content, and reverses a withdrawn like once', async () => {
    const author = await member()
    const fan = await member()
    const post = await apiMakePost(t, author)
    const remark = await apiMakeComment(t, author, post.post_id)

    await apiLikePost(t, author, post.post_id, 'like')
    await apiLikeComment(t, author, remark._id, 'like')
    expect((await ledger(author)).map((row) => row.reason)).toEqual(['post_published', 'comment_written'])

    await apiLikePost(t, fan, post.post_id, 'like')
    await apiLikeComment(t, fan, remark._id, 'like')
    expect((await me(author)).balance).toBe(units(14))

    await apiLikePost(t, fan, post.post_id, 'unlike')
    await apiLikeComment(t, fan, remark._id, 'unlike')
    expect((await me(author)).balance).toBe(units(12))
    // Liking again does not earn again (no farming by toggling), and a second unlike takes nothing.
    await apiLikePost(t, fan, post.post_id, 'like')
    await apiLikePost(t, fan, post.post_id, 'unlike')
    const rows = await ledger(author)
    expect(rows.map((row) => [row.reason, row.amount])).toEqual([
      ['post_published', units(10)],
      ['comment_written', units(2)],
      ['post_like_received', units(1)],
      ['comment_like_received', units(1)],
      ['reversal', units(-1)],
      ['reversal', units(-1)],
    ])
    expect(rows[2].source_id).toBe(`${post.post_id}:${fan.id}`)
    expect((await me(fan)).balance).toBe('0')
  })

  it('stops paying at the daily cap, counts a reversed entry against it, and starts again the next UTC day', async () => {
    const author = await member()
    const post = await apiMakePost(t, author)
    const rewards: unknown[] = []
    for (let i = 0; i < 20; i++) rewards.push((await apiMakeComment(t, author, post.post_id)).reward)
    expect(rewards.every((reward) => reward !== null)).toBe(true)
    const over = await apiMakeComment(t, author, post.post_id)
    expect(over.reward).toBeNull()
    // Deleting a paid comment reverses it but frees no room under the cap.
    await remove(author, 'DELETE /comments/:id', over._id)
    const first = (await ledger(author)).find((row) => row.reason === 'comment_written')!
    await remove(author, 'DELETE /comments/:id', first.source_id)
    expect((await apiMakeComment(t, author, post.post_id)).reward).toBeNull()
    expect((await me(author)).balance).toBe(units(10 + 19 * 2))

    await age(author, 24)
    expect((await apiMakeComment(t, author, post.post_id)).reward).toEqual({
      amount: units(2),
      reason: 'comment_written',
    })
  })

  it('pays likes sent together once each, to the right authors, and counts the posts exactly', async () => {
    const authors = [await member(), await member()]
    const fans = await Promise.all(Array.from({ length: 8 }, () => member()))
    const posts = [await apiMakePost(t, authors[0]), await apiMakePost(t, authors[1])]
    // Every fan likes both posts at once, twice over, with an author's own like among them: the
    // likes of one turn of the event loop are applied together.
    const likers = [...fans, authors[0]]
    await Promise.all(
      [...likers, ...likers].flatMap((fan) => posts.map((post) => apiLikePost(t, fan, post.post_id, 'like'))),
    )
    for (const [i, post] of posts.entries()) {
      const { likes_count } = await t.database.db
        .selectFrom('posts')
        .select('likes_count')
        .where('id', '=', post.post_id)
        .executeTakeFirstOrThrow()
      expect(likes_count).toBe(likers.length)
      const earned = (await ledger(authors[i])).filter((row) => row.reason === 'post_like_received')
      // The author's like of their own post earns nothing; the other author's like earns.
      expect(earned).toHaveLength(i === 0 ? fans.length : fans.length + 1)
    }
    await Promise.all(fans.map((fan) => apiLikePost(t, fan, posts[1].post_id, 'unlike')))
    const reversals = (await ledger(authors[1])).filter((row) => row.reason === 'reversal')
    expect(reversals).toHaveLength(fans.length)
  })

  it('pays a batch of earnings up to the cap, the first ones, and keeps the count exact under concurrent batches', async () => {
    const earner = await member()
    const store = rewardsStore(t.database.db)
    const at = new Date()
    const terms = { amount: 7n, dailyCap: 5, bornBefore: at, day: at.toISOString().slice(0, 10) }
    const earnings = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        userId: earner.id,
        reason: 'post_like_received' as const,
        source: { kind: 'like' as const, id: `like-${from + i}` },
        targetId: randomUUID(),
        postId: randomUUID(),
      }))
    expect([...(await store.payEarnings('post_like_received', terms, earnings(0, 3), at))]).toEqual([
      'like-0',
      'like-1',
      'like-2',
    ])
    // Two left under the cap: of four, the first two pay.
    expect([...(await store.payEarnings('post_like_received', terms, earnings(3, 4), at))].sort()).toEqual([
      'like-3',
      'like-4',
    ])
    expect((await store.payEarnings('post_like_received', terms, earnings(7, 1), at)).size).toBe(0)

    const other = await member()
    const theirs = (batch: number) =>
      earnings(100 + batch * 10, 3).map((earning) => ({ ...earning, userId: other.id }))
    const paid = await Promise.all(
      Array.from({ length: 6 }, (_, batch) =>
        t.database.db
          .transaction()
          .execute((trx) => rewardsStore(trx).payEarnings('post_like_received', terms, theirs(batch), at)),
      ),
    )
    expect(paid.reduce((sum, batch) => sum + batch.size, 0)).toBe(5)
    const { rows } = await sql<{ earned: number; entries: number }>`
      select (select earned from reward_day_counts where user_id = ${other.id}) as earned,
             (select count(*)::int from reward_entries where user_id = ${other.id}) as entries`.execute(
      t.database.db,
    )
    expect(rows[0]).toEqual({ earned: 5, entries: 5 })
  })

  it('keeps the daily cap exact under 25 comments sent at once', async () => {
    const author = await member()
    const post = await apiMakePost(t, author)
    const made = await Promise.all(Array.from({ length: 25 }, () => apiMakeComment(t, author, post.post_id)))
    expect(made.filter((created) => created.reward !== null)).toHaveLength(20)
    const paid = (await ledger(author)).filter((row) => row.reason === 'comment_written')
    expect(paid).toHaveLength(20)
  })

  it('pays nothing to an account younger than the minimum age', async () => {
    const newcomer = await member(23)
    const post = await apiMakePost(t, newcomer)
    expect(post.reward).toBeNull()
    const old = await member()
    await apiLikePost(t, old, post.post_id, 'like')
    expect(await ledger(newcomer)).toEqual([])
    expect(await me(newcomer)).toMatchObject({ balance: '0', claimable: '0', entries: [], next_cursor: null })
  })

  it('reverses everything a deleted post earned, its comments and their likes included', async () => {
    const { author, other, post, comment: remark, reply } = await threadOnPost()
    await apiLikePost(t, other, post.post_id, 'like')
    await apiLikeComment(t, other, reply._id, 'like')
    await apiLikeComment(t, author, remark._id, 'like')
    expect((await me(author)).balance).toBe(units(10 + 2 + 1 + 1))
    expect((await me(other)).balance).toBe(units(2 + 1))

    await remove(author, 'DELETE /media/:id/delete', post.post_id)
    expect(await me(author)).toMatchObject({ balance: '0', earned_total: '0' })
    expect(await me(other)).toMatchObject({ balance: '0', earned_total: '0' })
    const rows = await ledger(author)
    expect(rows.filter((row) => row.reason === 'reversal')).toHaveLength(4)
    // The entries stay, linking nowhere now that the post is gone.
    expect(
      (await me(author)).entries.every(
        (entry: { source: { post_id: null } }) => entry.source.post_id === null,
      ),
    ).toBe(true)
  })

  it('reverses what a deleted comment earned, its likes included, and keeps what its replies earned', async () => {
    const { author, other, post, comment: top, reply } = await threadOnPost()
    const kept = await apiMakeComment(t, other, post.post_id)
    await apiLikeComment(t, author, top._id, 'like')
    await apiLikeComment(t, other, reply._id, 'like')
    const authorEarned = (await me(author)).balance

    await remove(other, 'DELETE /comments/:id', top._id)
    expect((await me(other)).balance).toBe(units(2))
    expect((await me(author)).balance).toBe(authorEarned)
    expect((await ledger(author)).filter((row) => row.reason === 'reversal')).toEqual([])
    expect(
      (await ledger(other)).filter((row) => row.reason === 'comment_written').map((row) => row.source_id),
    ).toEqual([top._id, kept._id])
  })

  it('pays an analysed upload once, when its analysis completes', async () => {
    const author = await member()
    const post = await apiMakePost(t, author)
    await analysisQueue(t.app.ctx).drain()
    expect((await ledger(author)).map((row) => [row.reason, row.amount, row.source_id])).toEqual([
      ['post_published', units(10), post.post_id],
      ['upload_analysed', units(5), post.post_id],
    ])
  })
})

describe(`rewards: reading the ledger (${TEST_DB})`, () => {
  it('pages the entries newest first by keyset, without gaps or repeats', async () => {
    const author = await member()
    const post = await apiMakePost(t, author)
    for (let i = 0; i < 11; i++) await apiMakeComment(t, author, post.post_id)
    const seen: string[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const page = await me(author, `?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      seen.push(...page.entries.map((entry: { id: string }) => entry.id))
      cursor = page.next_cursor
      pages += 1
    }
    expect(pages).toBe(3)
    expect(seen).toHaveLength(12)
    expect(new Set(seen).size).toBe(12)
    const all = (await me(author, '?limit=100')).entries.map((entry: { id: string }) => entry.id)
    expect(seen).toEqual(all)
    expect((await me(author, '?limit=100')).entries.at(-1).reason).toBe('post_published')
  })

  it('answers 400 for a bad cursor or limit and 401 without a login', async () => {
    const user = await member()
    const id = randomUUID()
    for (const query of [
      '?cursor=nonsense',
      '?cursor=2026-01-01T00:00:00.000Z_x',
      `?cursor=${encodeURIComponent(`+275760-09-13T00:00:00.000Z_${id}`)}`,
      `?cursor=${encodeURIComponent(`-271821-04-20T00:00:00.000Z_${id}`)}`,
      '?limit=0',
      '?limit=abc',
    ]) {
      const response = await send(t, user, 'GET', `/api/v1/rewards/me${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().detail).toEqual(expect.any(String))
    }
    for (const key of ['GET /rewards/me', 'GET /rewards/claims'] as const) {
      expect((await sendTo(t, null, key)).statusCode).toBe(401)
    }
  })

  it('holds new earnings back from the claimable amount until the hold period has passed', async () => {
    const author = await member()
    await apiMakePost(t, author)
    await age(author, 23)
    await apiMakePost(t, author)
    expect(await me(author)).toMatchObject({ balance: units(20), claimable: '0' })
    await age(author, 2)
    expect(await me(author)).toMatchObject({ balance: units(20), claimable: units(10) })
    await age(author, 24)
    expect(await me(author)).toMatchObject({ balance: units(20), claimable: units(20) })
  })

  it('ranks earners by week, month and all time', async () => {
    const recent = await member()
    const older = await member()
    const oldest = await member()
    await apiMakePost(t, recent)
    await apiMakePost(t, older)
    await apiMakePost(t, older)
    await age(older, 24 * 10)
    for (let i = 0; i < 3; i++) await apiMakePost(t, oldest)
    await age(oldest, 24 * 40)

    const board = async (period: string) => {
      const response = await sendTo(t, null, 'GET /rewards/leaderboard', { query: { period } })
      expect(response.statusCode).toBe(200)
      return response
        .json()
        .entries.map((entry: { username: string; earned: string; rank: number }) => [
          entry.username,
          entry.earned,
          entry.rank,
        ])
    }
    expect(await board('week')).toEqual([[recent.username, units(10), 1]])
    expect(await board('month')).toEqual([
      [older.username, units(20), 1],
      [recent.username, units(10), 2],
    ])
    expect(await board('all')).toEqual([
      [oldest.username, units(30), 1],
      [older.username, units(20), 2],
      [recent.username, units(10), 3],
    ])
    const bad = await sendTo(t, null, 'GET /rewards/leaderboard', { query: { period: 'year' } })
    expect(bad.statusCode).toBe(400)
  })
})

describe(`rewards: claims on the embedded chain (${TEST_DB})`, () => {
  it('pays exactly the amount to the address, debits the ledger and lists the claim', async () => {
    const user = await earner(2)
    const address = freshAddress()
    const response = await claim(user, { address, amount: units(15), client_key: key() })
    expect(response.statusCode, response.body).toBe(200)
    const paid = response.json()
    expect(paid).toMatchObject({
      address,
      amount: units(15),
      status: 'paid',
      explorer_url: null,
      failure: null,
    })
    expect((await balanceOf(chain, address)).baseUnits).toBe(15n * TOKEN)

    expect(await me(user)).toMatchObject({ balance: units(5), claimable: units(5), earned_total: units(20) })
    expect((await me(user)).entries[0]).toMatchObject({
      amount: units(-15),
      reason: 'claim',
      source: { kind: 'claim', id: paid.id, post_id: null },
    })
    expect(await listClaims(user)).toEqual([paid])
    // claim.settled: the claimant is told.
    expect(await notices(user)).toEqual([{ kind: 'claim_paid', amount: units(15) }])
  })

  it('answers a retried client_key with the same claim and pays once', async () => {
    const user = await earner(3)
    const address = freshAddress()
    const body = { address, amount: units(10), client_key: key() }
    const first = await claim(user, body)
    const again = await claim(user, body)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect((await balanceOf(chain, address)).baseUnits).toBe(10n * TOKEN)
    expect((await me(user)).balance).toBe(units(20))

    const changed = await claim(user, { ...body, amount: units(11) })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().detail).toBe(KEY_REUSED)
  })

  it('allows one pending claim at a time', async () => {
    const user = await earner(3)
    const held = heldChain(chain)
    chains.use(held.chain)
    const first = claim(user, { address: freshAddress(), amount: units(10), client_key: key() })
    await waitFor(async () => (await me(user)).pending_claim, 'the first claim recorded as pending')
    const second = await claim(user, { address: freshAddress(), amount: units(10), client_key: key() })
    expect(second.statusCode).toBe(409)
    expect(second.json().detail).toBe(CLAIM_PENDING)
    held.release()
    expect((await first).json().status).toBe('paid')
    expect((await me(user)).pending_claim).toBeNull()
  })

  it('lets 20 parallel claims take no more than the claimable balance', async () => {
    const user = await earner(3)
    const address = freshAddress()
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => claim(user, { address, amount: units(10), client_key: key() })),
    )
    const paid = responses.filter((response) => response.statusCode === 200)
    for (const response of responses) expect([200, 400, 409]).toContain(response.statusCode)
    expect(paid.length).toBeGreaterThanOrEqual(1)
    expect(paid.length).toBeLessThanOrEqual(3)
    const onChain = (await balanceOf(chain, address)).baseUnits
    expect(onChain).toBe(BigInt(paid.length) * 10n * TOKEN)
    const balance = BigInt((await me(user)).balance)
    expect(balance).toBe(30n * TOKEN - onChain)
    expect(balance >= 0n).toBe(true)
  })

  it('marks a failed transfer failed and credits the ledger back', async () => {
    const user = await earner(2)
    const before = await me(user)
    provideFailingTransfers(() => new ChainFailure({ kind: 'rejected', transaction: 'BlockhashNotFound' }))
    const address = freshAddress()
    const response = await claim(user, { address, amount: units(20), client_key: key() })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toBe('Token transfer failed, please try again')
    const after = await me(user)
    expect(after).toMatchObject({ balance: before.balance, claimable: before.claimable, pending_claim: null })
    expect(
      after.entries
        .slice(0, 2)
        .map((entry: { reason: string; amount: string }) => [entry.reason, entry.amount]),
    ).toEqual([
      ['claim_refund', units(20)],
      ['claim', units(-20)],
    ])
    const [failed] = await listClaims(user)
    expect(failed).toMatchObject({ status: 'failed', failure: 'Token transfer failed, please try again' })
    expect((await balanceOf(chain, address)).baseUnits).toBe(0n)
    expect(await notices(user)).toEqual([{ kind: 'claim_failed', amount: units(20) }])
  })

  it('keeps a sent but unconfirmed transfer pending, then credits it back once it can no longer land', async () => {
    const user = await earner(2)
    provideFailingTransfers(() => new ChainFailure({ kind: 'unconfirmed', signature: '5'.repeat(88) }))
    const response = await claim(user, { address: freshAddress(), amount: units(10), client_key: key() })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toMatch(/^Token operation failed: the transfer was sent but/)
    const waiting = await me(user)
    expect(waiting.balance).toBe(units(10))
    expect(waiting.pending_claim).toMatchObject({
      status: 'pending',
      signature: '5'.repeat(88),
      amount: units(10),
    })

    // The chain has never seen it, and long enough has passed that it never will.
    await sql`update reward_claims set created_at = now() - interval '11 minutes' where user_id = ${user.id}`.execute(
      t.database.db,
    )
    const settled = await me(user)
    expect(settled).toMatchObject({ balance: units(20), claimable: units(20), pending_claim: null })
    expect((await listClaims(user))[0]).toMatchObject({ status: 'failed', failure: CLAIM_DID_NOT_LAND })
    expect(await notices(user)).toEqual([{ kind: 'claim_failed', amount: units(10) }])
  })

  it('settles a pending claim as paid when its transfer turns out to have landed', async () => {
    const user = await earner(2)
    const address = freshAddress()
    // The transfer really happens, but the answer is lost, as with a node that timed out.
    provideFailingTransfers(
      async (instructions) =>
        new ChainFailure({ kind: 'unconfirmed', signature: await chain.send(instructions) }),
    )
    const response = await claim(user, { address, amount: units(10), client_key: key() })
    expect(response.statusCode).toBe(503)
    expect((await balanceOf(chain, address)).baseUnits).toBe(10n * TOKEN)
    const settled = await me(user)
    expect(settled).toMatchObject({ balance: units(10), pending_claim: null })
    expect((await listClaims(user))[0]).toMatchObject({ status: 'paid', failure: null })
    expect(await notices(user)).toEqual([{ kind: 'claim_paid', amount: units(10) }])
  })

  it('answers 503 when the chain cannot be reached, and credits the claim back', async () => {
    const user = await earner(1)
    chains.use({
      ...chain,
      getAccounts: async () => {
        throw new ChainFailure({ kind: 'unreachable' })
      },
    })
    const response = await claim(user, { address: freshAddress(), amount: units(10), client_key: key() })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toBe(
      'Account verification failed: the Solana network could not be reached',
    )
    expect(await me(user)).toMatchObject({ balance: units(10), claimable: units(10), pending_claim: null })
  })

  it('refuses bad claims with a reason', async () => {
    const user = await earner(1)
    const address = freshAddress()
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ address: 'not-an-address', amount: units(10), client_key: key() }, 400, /Invalid Solana address/],
      [{ address, amount: '-5', client_key: key() }, 400, /positive/],
      [{ address, amount: '12.5', client_key: key() }, 400, /amount/i],
      [{ address, amount: units(5), client_key: key() }, 400, /smallest claim is 10 tokens/],
      [{ address, amount: units(11), client_key: key() }, 400, /at most 10 tokens/],
      [{ address, amount: units(10) }, 400, /client_key/],
      [{ address, amount: units(10), client_key: 'short' }, 400, /client_key/],
      [{ address, amount: units(10), client_key: 'a key\u0000with a NUL' }, 400, /client_key/],
      [{ address, amount: '9'.repeat(40), client_key: key() }, 400, /amount/i],
    ]
    for (const [body, status, detail] of cases) {
      const response = await claim(user, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(status)
      expect(response.json().detail).toMatch(detail)
    }
    const anonymous = await sendTo(t, null, 'POST /rewards/claim', {
      json: { address, amount: units(10), client_key: key() },
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await me(user)).balance).toBe(units(10))
  })
})

describe(`rewards in the stats and on the author page (${TEST_DB})`, () => {
  it('counts paid claims in tokens distributed and earnings in tokens earned', async () => {
    const user = await earner(2)
    const other = await member()
    await apiMakePost(t, other)
    const before = (await sendTo(t, null, 'GET /stats')).json()
    expect(before).toMatchObject({ tokens_distributed: 0, tokens_earned: 30 })
    await claim(user, { address: freshAddress(), amount: units(12), client_key: key() })
    const after = (await sendTo(t, null, 'GET /stats')).json()
    expect(after).toMatchObject({ tokens_distributed: 12, tokens_earned: 30 })
  })

  it('shows tokens earned on the author page only where statistics are shown', async () => {
    const author = await member()
    await apiMakePost(t, author)
    const info = async (viewer: User | null) =>
      (await sendTo(t, viewer, 'GET /auth/person_information', { query: { user_id: author.id } })).json()
    expect((await info(null)).tokens_earned).toBe(units(10))
    await sql`update users set public_statistics = false where id = ${author.id}`.execute(t.database.db)
    expect(await info(null)).not.toHaveProperty('tokens_earned')
    expect((await info(author)).tokens_earned).toBe(units(10))
  })
})

describe(`rewards: claims left pending by a server stopped mid-transfer (${TEST_DB})`, () => {
  /** Starts a claim of 10 tokens through a chain that stops at `stage`, and waits until its row shows it. */
  async function stoppedClaim(user: User, stage: StopStage) {
    chains.use(stoppingChain(chain, stage))
    const address = freshAddress()
    // Never answers: the request is as dead as the process would be.
    void claim(user, { address, amount: units(10), client_key: key() })
    // Read from the table: a rewards request would settle a landed claim already.
    await waitFor(async () => {
      const row = await t.database.db
        .selectFrom('reward_claims')
        .select('signature')
        .where('user_id', '=', user.id)
        .executeTakeFirst()
      return row && (stage === 'before-signing' || row.signature)
    }, `the claim's row at ${stage}`)
    if (stage === 'landed')
      await waitFor(async () => (await balanceOf(chain, address)).baseUnits > 0n, 'the transfer on the chain')
    chains.restore()
    return address
  }

  const ageClaims = (user: User, minutes: number) =>
    sql`update reward_claims set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${user.id}`.execute(
      t.database.db,
    )
  const listPending = (user: User) =>
    t.database.db
      .selectFrom('reward_claims')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .execute()
  const reasons = async (user: User) => (await ledger(user)).map((entry) => [entry.reason, entry.amount])

  it('fails a claim never signed once it is 2 minutes old, credits it back once, and allows a new claim', async () => {
    const user = await earner(2)
    const address = await stoppedClaim(user, 'before-signing')
    const blocked = await claim(user, { address, amount: units(10), client_key: key() })
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().detail).toBe(CLAIM_PENDING)
    expect((await me(user)).balance).toBe(units(10))

    await ageClaims(user, 3)
    // Parallel requests race to settle it: exactly one refund.
    await Promise.all([me(user), me(user), listClaims(user), me(user)])
    expect(await me(user)).toMatchObject({ balance: units(20), claimable: units(20), pending_claim: null })
    expect(await reasons(user)).toEqual([
      ['post_published', units(10)],
      ['post_published', units(10)],
      ['claim', units(-10)],
      ['claim_refund', units(10)],
    ])
    expect((await listClaims(user))[0]).toMatchObject({
      status: 'failed',
      signature: null,
      failure: CLAIM_NOT_SENT,
    })
    expect((await balanceOf(chain, address)).baseUnits).toBe(0n)

    const again = await claim(user, { address, amount: units(20), client_key: key() })
    expect(again.json()).toMatchObject({ status: 'paid' })
    expect((await balanceOf(chain, address)).baseUnits).toBe(20n * TOKEN)
    expect((await me(user)).balance).toBe('0')
  })

  it('settles the stale claims of users who never come back, in the background sweep', async () => {
    const [gone, recent] = [await earner(2), await earner(2)]
    await stoppedClaim(gone, 'before-signing')
    await stoppedClaim(recent, 'before-signing')
    await ageClaims(gone, 3)
    const sweep = rewardsService(t.database.db, t.config, t.app.ctx.events, t.app.ctx.tokenChain).sweep
    await sweep(t.app.log)
    const statuses = await t.database.db
      .selectFrom('reward_claims')
      .select(['user_id', 'status', 'failure'])
      .where('user_id', 'in', [gone.id, recent.id])
      .execute()
    expect(statuses.find((row) => row.user_id === gone.id)).toMatchObject({
      status: 'failed',
      failure: CLAIM_NOT_SENT,
    })
    // Younger than 2 minutes: its request may still sign it.
    expect(statuses.find((row) => row.user_id === recent.id)).toMatchObject({ status: 'pending' })
    const refunds = await t.database.db
      .selectFrom('reward_entries')
      .select('user_id')
      .where('reason', '=', 'claim_refund')
      .where('user_id', 'in', [gone.id, recent.id])
      .execute()
    expect(refunds).toEqual([{ user_id: gone.id }])
  })

  it('keeps a signed claim pending until its transaction can no longer land, then credits it back once', async () => {
    const user = await earner(1)
    const address = await stoppedClaim(user, 'signed')
    const { signature } = (await me(user)).pending_claim
    await ageClaims(user, 3)
    expect((await me(user)).pending_claim).toMatchObject({ status: 'pending', signature })
    await ageClaims(user, 11)
    await Promise.all([me(user), listClaims(user), me(user)])
    expect(await me(user)).toMatchObject({ balance: units(10), pending_claim: null })
    expect((await reasons(user)).filter(([reason]) => reason === 'claim_refund')).toEqual([
      ['claim_refund', units(10)],
    ])
    expect((await listClaims(user))[0]).toMatchObject({
      status: 'failed',
      signature,
      failure: CLAIM_DID_NOT_LAND,
    })
    expect((await balanceOf(chain, address)).baseUnits).toBe(0n)
  })

  it('pays a claim whose transfer landed though its answer was never stored', async () => {
    const user = await earner(2)
    const address = await stoppedClaim(user, 'landed')
    expect(await listPending(user)).toHaveLength(1)
    await Promise.all([me(user), listClaims(user), me(user)])
    expect(await me(user)).toMatchObject({ balance: units(10), pending_claim: null })
    expect((await reasons(user)).filter(([reason]) => reason.startsWith('claim'))).toEqual([
      ['claim', units(-10)],
    ])
    const [paid] = await listClaims(user)
    expect(paid).toMatchObject({ status: 'paid', failure: null })
    expect(await chain.signatureStatus(paid.signature)).toBe('confirmed')
    expect((await balanceOf(chain, address)).baseUnits).toBe(10n * TOKEN)
  })

  it('does not submit a transfer signed after its claim was settled as never signed', async () => {
    const user = await earner(1)
    const held = heldChain(chain)
    chains.use(held.chain)
    const address = freshAddress()
    const response = claim(user, { address, amount: units(10), client_key: key() })
    await waitFor(async () => (await me(user)).pending_claim, 'the claim recorded as pending')
    await ageClaims(user, 3)
    expect(await me(user)).toMatchObject({ balance: units(10), pending_claim: null })
    held.release()
    expect((await response).statusCode).toBe(503)
    // The late request finds its claim settled: no second refund, and nothing sent.
    expect(await me(user)).toMatchObject({ balance: units(10), pending_claim: null })
    expect((await reasons(user)).filter(([reason]) => reason === 'claim_refund')).toHaveLength(1)
    expect((await listClaims(user))[0]).toMatchObject({ status: 'failed', failure: CLAIM_NOT_SENT })
    expect((await balanceOf(chain, address)).baseUnits).toBe(0n)
  })
})
