import { type Kysely, sql } from 'kysely'
import { request } from 'undici'
import { rewardsConfig } from '../../apps/server/src/config.token'
import type { Database } from '../../apps/server/src/db/schema'
import { HELD_REASONS, tokensToUnits } from '../../apps/server/src/features/rewards/rewards.rules'
import { percentile } from '../../apps/server/test/faults/workload'
import { BENCH_PASSWORD } from './generate'
import { round } from './load'
import type { Report } from './report'

export const BOUNTIES_FIGURE = 'bounty funding and awards under concurrency (exact ledger)'
const API = '/api/v1'
const FUNDERS = 20
const REVIEWERS = 20
const POSTS = 10
/** Fundings each funder asks for at once, each a quarter of what they may spend: some must be refused. */
const ASKS = 6
/** Sessions the bench opens carry this User-Agent and the username: no two users share a device. */
const AGENT = 'agora-bench/'

export interface BountyCast {
  funders: { id: string; username: string }[]
  reviewers: { id: string; username: string }[]
  /** Public posts with no review or bounty yet, by none of the cast. */
  postIds: string[]
}

/**
 * Who funds, who reviews and what: users whose only sessions are the bench's own logins (the
 * generated sessions share one empty device, which would refuse every award), the richest funding.
 */
export async function bountyCast(db: Kysely<Database>): Promise<BountyCast> {
  const { rows } = await sql<{ id: string; username: string }>`
    select u.id, u.username from users u
    left join lateral (select sum(e.amount) as balance from reward_entries e where e.user_id = u.id) b on true
    where u.username like 'bench_user_%'
      and not exists (select 1 from sessions s where s.user_id = u.id and s.user_agent not like ${`${AGENT}%`})
    order by b.balance desc nulls last, u.id
    limit ${FUNDERS + REVIEWERS}`.execute(db)
  const funders = rows.slice(0, FUNDERS).map(({ id, username }) => ({ id, username }))
  const reviewers = rows.slice(FUNDERS).map(({ id, username }) => ({ id, username }))
  const cast = rows.map((row) => row.id)
  const posts = await sql<{ id: string }>`
    select p.id from posts p
    where p.visibility = 'public' and p.moderation is null and p.user_id <> all(${cast}::uuid[])
      and not exists (select 1 from reviews r where r.post_id = p.id)
      and not exists (select 1 from bounties b where b.post_id = p.id)
    order by p.id desc limit ${POSTS}`.execute(db)
  return { funders, reviewers, postIds: posts.rows.map((row) => row.id) }
}

type Phase = 'fund' | 'review' | 'award'
/** What each phase may answer: the over-asks' refusals are expected, anything else is an error. */
const EXPECTED: Record<Phase, number[]> = { fund: [201, 402], review: [201], award: [200, 409] }

interface Answer {
  status: number
  body: unknown
}

/** Confirmed by the server: what the ledger must hold afterwards. */
export interface BountyRun {
  startedAt: Date
  /** Balances in base units, read through `GET /rewards/me` just before. */
  start: Map<string, bigint>
  funderIds: string[]
  reviewerIds: string[]
  bounties: { id: string; funderId: string; amount: bigint }[]
  awards: { id: string; bountyId: string; reviewerId: string; amount: bigint }[]
  requests: number
  seconds: number
  p50Ms: number
  p99Ms: number
  errors: { phase: Phase; status: number; code?: string }[]
  statuses: Record<string, number>
  /** Answers with an error code, by code: which races the refusals came from. */
  refusals: Record<string, number>
}

async function call(
  base: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await request(`${base}${API}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.body.text()
  return { status: response.statusCode, body: text ? (JSON.parse(text) as unknown) : null } as Answer
}

/** Runs `tasks` with at most `connections` in flight. */
async function pooled<T>(tasks: (() => Promise<T>)[], connections: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]()
    }
  }
  await Promise.all(Array.from({ length: Math.min(connections, tasks.length) }, worker))
  return results
}

/** A review long enough to count (at least 200 characters), a different one per request. */
const reviewText = (n: number) =>
  `Bench review ${n}. ${'The method is stated clearly, the data are available and the analysis can be repeated from them. '.repeat(3)}`

/**
 * Funders fund bounties on a few posts all at once, some past their balance; reviewers review those
 * posts; funders award concurrently, some racing for one review or asking more than is left. Funders
 * spend what the generated ledger paid them, read through `GET /rewards/me` just before. Every
 * request is timed; the ledger is checked afterwards (`verifyBounties`).
 */
export async function runBounties(base: string, cast: BountyCast, connections: number): Promise<BountyRun> {
  if (cast.funders.length === 0 || cast.reviewers.length < 4 || cast.postIds.length < ASKS)
    throw new Error('the forum has too few users without a session, or posts without reviews, for bounties')
  const login = async (user: { username: string }) => {
    const response = await request(`${base}${API}/auth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': `${AGENT}${user.username}`,
      },
      body: new URLSearchParams({
        username: user.username,
        password: BENCH_PASSWORD,
        grant_type: 'password',
        secure_mode: 'false',
      }).toString(),
    })
    const answer = (await response.body.json()) as { access_token?: string }
    if (response.statusCode !== 200 || !answer.access_token)
      throw new Error(`log in as ${user.username}: ${response.statusCode}`)
    return answer.access_token
  }
  const funders = await Promise.all(cast.funders.map(async (user) => ({ ...user, token: await login(user) })))
  const reviewers = await Promise.all(
    cast.reviewers.map(async (user) => ({ ...user, token: await login(user) })),
  )
  const start = new Map<string, bigint>()
  const claimable = new Map<string, bigint>()
  const startedAt = new Date()
  for (const user of [...funders, ...reviewers]) {
    const me = await call(base, user.token, 'GET', '/rewards/me')
    if (me.status !== 200) throw new Error(`rewards of ${user.username}: ${me.status}`)
    const body = me.body as { balance: string; claimable: string }
    start.set(user.id, BigInt(body.balance))
    claimable.set(user.id, BigInt(body.claimable))
  }

  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  const refusals: Record<string, number> = {}
  const errors: BountyRun['errors'] = []
  const timed = async (phase: Phase, token: string, path: string, body: unknown) => {
    const began = performance.now()
    const answer = await call(base, token, 'POST', path, body).catch(() => ({ status: 0, body: null }))
    latencies.push(performance.now() - began)
    statuses[`${phase} ${answer.status}`] = (statuses[`${phase} ${answer.status}`] ?? 0) + 1
    const code = (answer.body as { code?: string } | null)?.code
    if (code) refusals[code] = (refusals[code] ?? 0) + 1
    if (!EXPECTED[phase].includes(answer.status)) errors.push({ phase, status: answer.status, code })
    return answer
  }
  const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  const began = performance.now()

  const fundings = funders.flatMap((funder, f) => {
    const amount = Math.max(1, Number(claimable.get(funder.id)! / tokensToUnits(1) / 4n))
    return Array.from({ length: ASKS }, (_, k) => async () => {
      // Two kinds: two awards close it with a refund, or one award leaves the rest open.
      const reviewsWanted = k % 2 === 0 ? 2 : 5
      const postId = cast.postIds[(f + k) % cast.postIds.length]
      const answer = await timed('fund', funder.token, `/media/${postId}/bounties`, {
        amount,
        reviews_wanted: reviewsWanted,
        deadline,
      })
      return answer.status === 201
        ? { id: (answer.body as { id: string }).id, funder, postId, amount, reviewsWanted }
        : null
    })
  })
  const bounties = (await pooled(fundings, connections)).filter((bounty) => bounty !== null)

  let written = 0
  const reviewing = reviewers.flatMap((reviewer) =>
    cast.postIds.map((postId) => async () => {
      const answer = await timed('review', reviewer.token, `/media/${postId}/reviews`, {
        summary: reviewText(written++),
        ratings: { soundness: 4, novelty: 3, clarity: 4, reproducibility: 3, significance: 4 },
        confidence: 3,
        competing_interests: 'None',
      })
      return answer.status === 201 ? { postId, id: (answer.body as { _id: string })._id } : null
    }),
  )
  const reviewsOf = new Map<string, string[]>()
  for (const review of await pooled(reviewing, connections))
    if (review) reviewsOf.set(review.postId, [...(reviewsOf.get(review.postId) ?? []), review.id])

  // Per bounty: four reviews and the first again, all at once: more than it can pay or wants.
  const awarding = bounties.flatMap((bounty, b) => {
    const reviews = reviewsOf.get(bounty.postId) ?? []
    const share =
      bounty.reviewsWanted === 2 ? Math.max(1, Math.floor(bounty.amount / 3)) : Math.ceil(bounty.amount * 0.6)
    const picks = [0, 1, 2, 3, 0].map((i) => reviews[(b + i) % reviews.length]).filter(Boolean)
    return picks.map((reviewId) => async () => {
      const answer = await timed('award', bounty.funder.token, `/bounties/${bounty.id}/award`, {
        review_id: reviewId,
        amount: share,
      })
      if (answer.status !== 200) return null
      const { award } = answer.body as { award: { id: string; reviewer: { username: string } } }
      const reviewer = reviewers.find((one) => one.username === award.reviewer.username)
      return {
        id: award.id,
        bountyId: bounty.id,
        reviewerId: reviewer?.id ?? '',
        amount: tokensToUnits(share),
      }
    })
  })
  const awards = (await pooled(awarding, connections)).filter((award) => award !== null)
  const seconds = (performance.now() - began) / 1000

  latencies.sort((a, b) => a - b)
  return {
    startedAt,
    start,
    funderIds: funders.map((funder) => funder.id),
    reviewerIds: reviewers.map((reviewer) => reviewer.id),
    bounties: bounties.map((bounty) => ({
      id: bounty.id,
      funderId: bounty.funder.id,
      amount: tokensToUnits(bounty.amount),
    })),
    awards,
    requests: latencies.length,
    seconds,
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    errors,
    statuses,
    refusals,
  }
}

/**
 * The ledger after the run, in SQL: each bounty's escrow is its awards plus its refunds plus what it
 * has left; each funder's balance is the start less what they escrowed plus what came back; each
 * reviewer's is the start plus their awards; no balance, or balance less its held part, is negative;
 * and the database holds exactly the bounties and awards the server confirmed. Answers what differs.
 */
export async function verifyBounties(db: Kysely<Database>, run: BountyRun): Promise<string[]> {
  const wrong: string[] = []
  const bountyIds = run.bounties.map((bounty) => bounty.id)
  const { rows } = await sql<{
    id: string
    funder_id: string
    amount: string
    remaining: string
    awarded: string
    refunded: string
    escrowed: string
  }>`
    select b.id, b.funder_id, b.amount::text, b.remaining::text,
      (select coalesce(sum(a.amount), 0) from bounty_awards a where a.bounty_id = b.id and a.returned_at is null)::text as awarded,
      (select coalesce(sum(e.amount), 0) from reward_entries e where e.reason = 'bounty_refund'
        and ((e.source_kind = 'bounty' and e.source_id = b.id::text)
          or (e.source_kind = 'award' and e.source_id in (select a.id::text from bounty_awards a where a.bounty_id = b.id))))::text as refunded,
      (select coalesce(-sum(e.amount), 0) from reward_entries e where e.reason = 'bounty_escrow'
        and e.source_kind = 'bounty' and e.source_id = b.id::text)::text as escrowed
    from bounties b
    where b.id = any(${bountyIds}::uuid[])
      or (b.funder_id = any(${run.funderIds}::uuid[]) and b.created_at >= ${run.startedAt})`.execute(db)
  const confirmed = new Map(run.bounties.map((bounty) => [bounty.id, bounty]))
  for (const row of rows) {
    const bounty = confirmed.get(row.id)
    if (!bounty) {
      wrong.push(`bounty ${row.id} was never confirmed`)
      continue
    }
    const [amount, remaining, awarded, refunded, escrowed] = [
      row.amount,
      row.remaining,
      row.awarded,
      row.refunded,
      row.escrowed,
    ].map(BigInt)
    if (amount !== bounty.amount || escrowed !== amount)
      wrong.push(`bounty ${row.id}: confirmed ${bounty.amount}, amount ${amount}, escrowed ${escrowed}`)
    if (awarded + refunded + remaining !== amount)
      wrong.push(
        `bounty ${row.id}: ${amount} ≠ awards ${awarded} + refunds ${refunded} + remaining ${remaining}`,
      )
  }
  if (rows.length < confirmed.size)
    wrong.push(`${confirmed.size - rows.length} confirmed bounties are missing`)

  const { rows: awardRows } = await sql<{ id: string; reviewer_id: string; amount: string; paid: string }>`
    select a.id, a.reviewer_id, a.amount::text,
      (select coalesce(sum(e.amount), 0) from reward_entries e where e.reason = 'bounty_award'
        and e.source_kind = 'award' and e.source_id = a.id::text)::text as paid
    from bounty_awards a where a.bounty_id = any(${bountyIds}::uuid[])`.execute(db)
  const confirmedAwards = new Map(run.awards.map((award) => [award.id, award]))
  const awardedTo = new Map<string, bigint>()
  for (const row of awardRows) {
    const award = confirmedAwards.get(row.id)
    if (!award || award.amount !== BigInt(row.amount) || BigInt(row.paid) !== BigInt(row.amount))
      wrong.push(
        `award ${row.id}: confirmed ${award?.amount ?? 'never'}, row ${row.amount}, paid ${row.paid}`,
      )
    awardedTo.set(row.reviewer_id, (awardedTo.get(row.reviewer_id) ?? 0n) + BigInt(row.paid))
  }
  if (awardRows.length !== confirmedAwards.size)
    wrong.push(`${confirmedAwards.size} awards confirmed, ${awardRows.length} written`)

  const escrowedBy = new Map<string, bigint>()
  for (const bounty of run.bounties)
    escrowedBy.set(bounty.funderId, (escrowedBy.get(bounty.funderId) ?? 0n) + bounty.amount)
  const holdHours = rewardsConfig({}).holdHours
  const people = [...run.funderIds, ...run.reviewerIds]
  // Refunds since the start, of any bounty: on a reused forum an earlier run's may come due meanwhile.
  const { rows: balances } = await sql<{ user_id: string; balance: string; held: string; refunded: string }>`
    select u.id as user_id, coalesce(sum(e.amount), 0)::text as balance,
      coalesce(sum(e.amount) filter (where e.reason = 'bounty_refund' and e.created_at >= ${run.startedAt}), 0)::text as refunded,
      coalesce(sum(e.amount) filter (where e.reason = any(${[...HELD_REASONS]}::text[])
        and e.created_at > now() - make_interval(hours => ${holdHours})), 0)::text as held
    from unnest(${people}::uuid[]) as u(id) left join reward_entries e on e.user_id = u.id
    group by u.id`.execute(db)
  for (const row of balances) {
    const balance = BigInt(row.balance)
    const start = run.start.get(row.user_id) ?? 0n
    const expected =
      start - (escrowedBy.get(row.user_id) ?? 0n) + BigInt(row.refunded) + (awardedTo.get(row.user_id) ?? 0n)
    if (balance !== expected) wrong.push(`user ${row.user_id}: balance ${balance}, expected ${expected}`)
    if (balance < 0n || balance - BigInt(row.held) < 0n)
      wrong.push(`user ${row.user_id}: balance ${balance} with ${row.held} held is negative`)
  }
  return wrong
}

export function reportBounties(report: Report, run: BountyRun, wrong: string[]) {
  const count = (key: string) => run.statuses[key] ?? 0
  const perSecond = round(run.requests / run.seconds)
  report.add(
    {
      name: BOUNTIES_FIGURE,
      value:
        `${perSecond} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms; ${count('fund 201')} funded, ` +
        `${count('fund 402')} over the balance (402), ${count('review 201')} reviews, ${count('award 200')} awards, ` +
        `${count('award 409')} refused (409); ${run.errors.length} errors, ${wrong.length} ledger differences`,
      budget: 'zero errors, ledger exact',
      met: run.errors.length === 0 && wrong.length === 0,
    },
    {
      requests: run.requests,
      seconds: round(run.seconds, 2),
      requestsPerSecond: perSecond,
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
      statuses: run.statuses,
      refusals: run.refusals,
      errors: run.errors.slice(0, 20),
      ledgerDifferences: wrong.slice(0, 20),
    },
  )
}
