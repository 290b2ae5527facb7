import { randomBytes } from 'node:crypto'
import { waitFor } from '@agora/test-kit'
import { address, getAddressDecoder, getBase58Decoder } from '@solana/kit'
import { findAssociatedTokenPda, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testChainSlot } from '../../../test/chain'
import { makeUser, sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { openLocalChain } from './chain.local'
import { openTokenChain } from './chain.open'
import { heldChain, type StopStage, stoppingChain } from './chain.stopping'
import { ChainFailure, type TokenChain } from './token.chain'
import { GRANT_FAILURES, tokenServiceFor, tokensDistributed } from './token.service'
import {
  ACTIVATION_LAMPORTS,
  INVALID_ADDRESS,
  NO_SOL_FOR_TOKEN_ACCOUNT,
  SOURCE_ACCOUNT_MISSING,
  SOURCE_TOKEN_ACCOUNT_MISSING,
  TRANSFER_FAILED,
} from './token.transfer'

const chains = testChainSlot(() => openTokenChain(t.config))
const t = useTestApp({ FAUCET_RATE_LIMIT: '10000' }, {}, { parts: { tokenChain: chains } })
let chain: TokenChain
beforeAll(async () => {
  chain = await chains.get()
})
// A test may put a failing chain in its place.
afterEach(() => chains.restore())

const BASE = 10n ** 9n
const freshAddress = () => getAddressDecoder().decode(randomBytes(32)) as string
type User = Awaited<ReturnType<typeof makeUser>>

function faucet(user: User | null, body: Record<string, unknown>, ip = '127.0.0.1') {
  return sendTo(t, user, 'POST /token/faucet', { json: body, remoteAddress: ip })
}

async function tokenAccountOf(owner: string) {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(chain.mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const [account] = await chain.getAccounts([ata])
  return { ata, account, amount: account ? getTokenDecoder().decode(account.data).amount : null }
}

async function lamportsOf(owner: string) {
  const [account] = await chain.getAccounts([owner])
  return account?.lamports ?? 0n
}

function grants() {
  return t.database.db.selectFrom('faucet_grants').selectAll().orderBy('created_at').execute()
}

/** Records a grant straight into the table, as if given `hoursAgo` hours ago. */
async function seedGrant(fields: {
  user_id: string
  address: string
  ip: string
  amount: number
  hoursAgo: number
}) {
  const { hoursAgo, ...rest } = fields
  await t.database.db
    .insertInto('faucet_grants')
    .values({
      id: uuidv7(),
      ...rest,
      cluster: 'local',
      mint: chain.mint,
      created_at: new Date(Date.now() - hoursAgo * 3600_000),
    })
    .execute()
  await t.database.db
    .updateTable('faucet_grants')
    .set({ status: 'confirmed' })
    .where('status', '=', 'pending')
    .execute()
}

describe(`token faucet on the embedded chain (${TEST_DB})`, () => {
  it('activates a fresh address, creates its token account and sends exactly amount × 10^9 base units', async () => {
    const user = await makeUser(t)
    const target = freshAddress()
    expect(await lamportsOf(target)).toBe(0n)
    expect((await tokenAccountOf(target)).account).toBeNull()

    const response = await faucet(user, { address: target, amount: 5 })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ address: target, amount: 5, cluster: 'local', explorer_url: null })
    expect(body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(Date.now() - Date.parse(body.time)).toBeLessThan(60_000)

    // Read back from the chain itself.
    expect(await lamportsOf(target)).toBe(ACTIVATION_LAMPORTS)
    const { account, amount } = await tokenAccountOf(target)
    expect(account?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(amount).toBe(5n * BASE)

    const balance = await sendTo(t, null, 'GET /token/balance', { query: { address: target } })
    expect(balance.statusCode).toBe(200)
    expect(balance.json()).toEqual({
      address: target,
      sol: 0.00099088,
      lamports: '990880',
      tokens: 5,
      base_units: '5000000000',
    })

    const [grant] = await grants()
    expect(grant).toMatchObject({
      user_id: user.id,
      address: target,
      status: 'confirmed',
      signature: body.signature,
    })
    expect(Number(grant.amount)).toBe(5)
  })

  it('reuses the token account on a second grant: no new activation, only the fee', async () => {
    const user = await makeUser(t)
    const target = freshAddress()
    expect((await faucet(user, { address: target, amount: 3 })).statusCode).toBe(200)
    const first = await tokenAccountOf(target)
    const faucetBefore = await lamportsOf(chain.faucet.address)

    const second = await faucet(user, { address: target, amount: 2.5 })
    expect(second.statusCode).toBe(200)
    const after = await tokenAccountOf(target)
    expect(after.ata).toBe(first.ata)
    expect(after.amount).toBe(5n * BASE + BASE / 2n)
    expect(await lamportsOf(target)).toBe(ACTIVATION_LAMPORTS)
    // The faucet paid the transaction fee and nothing else: no activation, no account rent.
    expect(faucetBefore - (await lamportsOf(chain.faucet.address))).toBe(5_000n)
  })

  it('describes the network and what the caller has left today', async () => {
    const anonymous = await sendTo(t, null, 'GET /token/info')
    expect(anonymous.statusCode).toBe(200)
    expect(anonymous.json()).toEqual({
      cluster: 'local',
      network_name: 'Local test chain',
      mint: chain.mint,
      decimals: 9,
      faucet_address: chain.faucet.address,
      max_per_request: 100,
      daily_limit: 500,
      remaining_today: null,
      persistent: true,
    })

    const user = await makeUser(t)
    await faucet(user, { address: freshAddress(), amount: 40 })
    const info = await sendTo(t, user, 'GET /token/info')
    expect(info.json().remaining_today).toBe(460)
  })

  it('asks for a login', async () => {
    const response = await faucet(null, { address: freshAddress(), amount: 1 })
    expect(response.statusCode).toBe(401)
    expect(response.json().detail).toBe('Please login to get tokens')
    expect(await grants()).toHaveLength(0)
  })

  it.each([
    ['not base58', 'abc0OIl'],
    ['too short', 'abc'],
    ['31 bytes', getBase58Decoder().decode(new Uint8Array(31).fill(200))],
    ['empty', ' '],
  ])('refuses an invalid address (%s) with 400 Invalid Solana address', async (_case, target) => {
    const user = await makeUser(t)
    const response = await faucet(user, { address: target, amount: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(INVALID_ADDRESS)
    expect(await grants()).toHaveLength(0)
  })

  it('refuses to send to a token account instead of a wallet', async () => {
    const user = await makeUser(t)
    const target = freshAddress()
    await faucet(user, { address: target, amount: 1 })
    const { ata } = await tokenAccountOf(target)
    const response = await faucet(user, { address: ata, amount: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('That is a token account, not a wallet: enter the wallet address')
    // The refused grant does not count.
    const info = await sendTo(t, user, 'GET /token/info')
    expect(info.json().remaining_today).toBe(499)
  })

  it.each([
    [0, 'Amount must be greater than 0'],
    [-5, 'Amount must be greater than 0'],
    [100.5, 'Amount can be at most 100 tokens per request'],
    [1e6, 'Amount can be at most 100 tokens per request'],
    [0.0000000001, 'Amount can have at most 9 decimal places'],
  ])('refuses amount %s with 400', async (amount, detail) => {
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(detail)
    expect(await grants()).toHaveLength(0)
  })

  it('refuses a non-numeric amount with 400', async () => {
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount: 'lots' })
    expect(response.statusCode).toBe(400)
  })

  it('holds each user, address and IP to the daily limit with 429 and when it frees up', async () => {
    const alice = await makeUser(t)
    const bob = await makeUser(t)
    const carol = await makeUser(t)
    const shared = freshAddress()
    for (let i = 0; i < 5; i++) {
      expect((await faucet(alice, { address: shared, amount: 100 }, '10.0.0.1')).statusCode).toBe(200)
    }
    expect((await tokenAccountOf(shared)).amount).toBe(500n * BASE)

    const byUser = await faucet(alice, { address: freshAddress(), amount: 1 }, '10.0.0.2')
    expect(byUser.statusCode).toBe(429)
    expect(byUser.json().detail).toMatch(
      /^Daily limit reached: your account can receive 500 tokens in 24 hours/,
    )
    const retryAfter = Number(byUser.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(86_300)
    expect(retryAfter).toBeLessThanOrEqual(86_400)
    const freesAt = /after (\S+)\.$/.exec(byUser.json().detail)![1]
    expect(Math.abs(Date.parse(freesAt) - (Date.now() + retryAfter * 1000))).toBeLessThan(5_000)

    const byAddress = await faucet(bob, { address: shared, amount: 1 }, '10.0.0.3')
    expect(byAddress.statusCode).toBe(429)
    expect(byAddress.json().detail).toMatch(/this address/)

    const byIp = await faucet(carol, { address: freshAddress(), amount: 1 }, '10.0.0.1')
    expect(byIp.statusCode).toBe(429)
    expect(byIp.json().detail).toMatch(/your network/)

    // Someone else, elsewhere, to somewhere else: unaffected.
    expect((await faucet(bob, { address: freshAddress(), amount: 100 }, '10.0.0.4')).statusCode).toBe(200)
    expect((await grants()).filter((grant) => grant.status === 'confirmed')).toHaveLength(6)
  })

  it('counts a rolling 24 hours and says when enough has aged out for the amount asked', async () => {
    const user = await makeUser(t)
    // Older than a day: no longer counts.
    await seedGrant({ user_id: user.id, address: freshAddress(), ip: '10.1.0.1', amount: 500, hoursAgo: 25 })
    await seedGrant({ user_id: user.id, address: freshAddress(), ip: '10.1.0.1', amount: 100, hoursAgo: 23 })
    await seedGrant({ user_id: user.id, address: freshAddress(), ip: '10.1.0.1', amount: 350, hoursAgo: 2 })
    const info = await sendTo(t, user, 'GET /token/info')
    expect(info.json().remaining_today).toBe(50)

    expect((await faucet(user, { address: freshAddress(), amount: 50 }, '10.1.0.2')).statusCode).toBe(200)
    // 500 used: 20 more fit once the grant of 23 hours ago ages out, in about an hour.
    const refused = await faucet(user, { address: freshAddress(), amount: 20 }, '10.1.0.2')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toContain('nothing is left')
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3_500)
    expect(retryAfter).toBeLessThanOrEqual(3_600)
  })

  it('lets exactly one of several concurrent requests at the limit through', async () => {
    const user = await makeUser(t)
    await seedGrant({ user_id: user.id, address: freshAddress(), ip: '10.2.0.1', amount: 400, hoursAgo: 1 })
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) => faucet(user, { address: freshAddress(), amount: 60 }, `10.2.1.${n}`)),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, 429, 429, 429])
    const counted = (await grants()).filter((grant) => grant.status !== 'failed')
    expect(counted.reduce((sum, grant) => sum + Number(grant.amount), 0)).toBe(460)
  })

  it('answers 503 when the faucet has no SOL account, and the failed grant does not count', async () => {
    chains.use(await openLocalChain({ stateDir: null, faucetLamports: 0n }))
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount: 1 })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toBe(SOURCE_ACCOUNT_MISSING)
    const [grant] = await grants()
    expect(grant).toMatchObject({ status: 'failed', failure: SOURCE_ACCOUNT_MISSING, signature: null })
    const info = await sendTo(t, user, 'GET /token/info')
    expect(info.json().remaining_today).toBe(500)
  })

  it('answers 503 when the faucet has no token account', async () => {
    chains.use(await openLocalChain({ stateDir: null, createFaucetTokenAccount: false }))
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount: 1 })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toBe(SOURCE_TOKEN_ACCOUNT_MISSING)
  })

  it('answers 503 with the §8 texts when the faucet runs short of SOL or tokens', async () => {
    const user = await makeUser(t)
    // Enough for the fee and an activation, not for a token account's rent as well.
    chains.use(await openLocalChain({ stateDir: null, faucetLamports: 2_000_000n }))
    const poor = await faucet(user, { address: freshAddress(), amount: 1 })
    expect(poor.statusCode).toBe(503)
    expect(poor.json().detail).toBe(NO_SOL_FOR_TOKEN_ACCOUNT)

    chains.use(await openLocalChain({ stateDir: null, supply: 2n * BASE }))
    const empty = await faucet(user, { address: freshAddress(), amount: 3 })
    expect(empty.statusCode).toBe(503)
    expect(empty.json().detail).toBe('Token operation failed: the faucet has run out of tokens')
    expect((await grants()).map((grant) => grant.status)).toEqual(['failed', 'failed'])
  })

  it.each([
    [{ InstructionError: [1, { Custom: 1 }] }, 'Account activation failed: not enough SOL'],
    [{ InstructionError: [2, { Custom: 1 }] }, NO_SOL_FOR_TOKEN_ACCOUNT],
    [{ InstructionError: [3, { Custom: 1 }] }, 'Token operation failed: insufficient funds'],
    [{ InstructionError: [3, 'InvalidAccountData'] }, TRANSFER_FAILED],
    ['InsufficientFundsForFee', 'Token operation failed: the faucet does not have enough SOL to pay the fee'],
    ['BlockhashNotFound', TRANSFER_FAILED],
  ])('maps the chain refusing the transaction (%j) to a §8 text', async (refusal, detail) => {
    chains.use({
      ...chain,
      send: async () => {
        throw new ChainFailure({ kind: 'rejected', transaction: refusal })
      },
    })
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount: 1 })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ detail, code: 'transfer_failed' })
  })

  it('keeps a sent but unconfirmed grant pending, so it still counts', async () => {
    chains.use({
      ...chain,
      send: async () => {
        throw new ChainFailure({ kind: 'unconfirmed', signature: '5'.repeat(88) })
      },
    })
    const user = await makeUser(t)
    const response = await faucet(user, { address: freshAddress(), amount: 7 })
    expect(response.statusCode).toBe(503)
    expect(response.json().detail).toMatch(/^Token operation failed: the transfer was sent but/)
    const [grant] = await grants()
    expect(grant).toMatchObject({ status: 'pending', signature: '5'.repeat(88) })
    const info = await sendTo(t, user, 'GET /token/info')
    expect(info.json().remaining_today).toBe(493)
  })

  it('answers a balance for any address and 400 for an invalid one', async () => {
    const empty = await sendTo(t, null, 'GET /token/balance', { query: { address: freshAddress() } })
    expect(empty.json()).toMatchObject({ sol: 0, tokens: 0, lamports: '0', base_units: '0' })
    const bad = await sendTo(t, null, 'GET /token/balance', { query: { address: 'nope' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toBe(INVALID_ADDRESS)
  })

  it('sums confirmed grants in whole tokens for the stats', async () => {
    const user = await makeUser(t)
    await faucet(user, { address: freshAddress(), amount: 5 })
    await faucet(user, { address: freshAddress(), amount: 2.75 })
    chains.use(await openLocalChain({ stateDir: null, faucetLamports: 0n }))
    await faucet(user, { address: freshAddress(), amount: 50 })
    expect(await tokensDistributed(t.database.db)).toBe(7)
  })

  it('keeps the embedded chain across a restart', async () => {
    const user = await makeUser(t)
    const target = freshAddress()
    await faucet(user, { address: target, amount: 9 })
    await chains.close()
    const reopened = await chains.get()
    expect(reopened).not.toBe(chain)
    expect(reopened.mint).toBe(chain.mint)
    expect(reopened.faucet.address).toBe(chain.faucet.address)
    const balance = await sendTo(t, null, 'GET /token/balance', { query: { address: target } })
    expect(balance.json().base_units).toBe('9000000000')
    chain = reopened
  })
})

describe(`token faucet: grants left pending by a server stopped mid-transfer (${TEST_DB})`, () => {
  /** Starts a grant through a chain that stops at `stage`, and waits until its row shows it. */
  async function stoppedGrant(stage: StopStage, amount: number) {
    chains.use(stoppingChain(chain, stage))
    const user = await makeUser(t)
    const target = freshAddress()
    // Never answers: the request is as dead as the process would be.
    void faucet(user, { address: target, amount })
    const signed = stage !== 'before-signing'
    await waitFor(async () => {
      const grant = (await grants()).find((row) => row.address === target)
      return grant && (!signed || grant.signature)
    }, `the grant's row at ${stage}`)
    if (stage === 'landed')
      await waitFor(async () => (await tokenAccountOf(target)).amount !== null, 'the tokens on the chain')
    chains.restore()
    return { user, target }
  }

  const remaining = async (user: User) => (await sendTo(t, user, 'GET /token/info')).json().remaining_today
  const ageGrants = (minutes: number) =>
    sql`update faucet_grants set created_at = now() - make_interval(mins => ${minutes})`.execute(
      t.database.db,
    )

  it('fails a grant never signed once it is 2 minutes old, and it stops counting', async () => {
    const { user, target } = await stoppedGrant('before-signing', 100)
    // Young, it may still be on its way: it counts.
    expect(await remaining(user)).toBe(400)
    await ageGrants(3)
    // Settled by whichever of the parallel requests gets there first; the others find nothing to do.
    expect(await Promise.all([remaining(user), remaining(user), remaining(user)])).toEqual([500, 500, 500])
    expect(await grants()).toMatchObject([
      { status: 'failed', signature: null, failure: GRANT_FAILURES.unsigned },
    ])
    expect((await tokenAccountOf(target)).amount).toBeNull()
    expect((await faucet(user, { address: target, amount: 100 })).statusCode).toBe(200)
  })

  it('keeps a signed grant pending until its transaction can no longer land, then fails it', async () => {
    const { user, target } = await stoppedGrant('signed', 60)
    const [signed] = await grants()
    expect(signed).toMatchObject({ status: 'pending', failure: null })
    expect(signed!.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await ageGrants(3)
    expect(await remaining(user)).toBe(440)
    await ageGrants(11)
    expect(await Promise.all([remaining(user), remaining(user)])).toEqual([500, 500])
    expect(await grants()).toMatchObject([
      { status: 'failed', signature: signed!.signature, failure: GRANT_FAILURES.expired },
    ])
    expect((await tokenAccountOf(target)).amount).toBeNull()
  })

  it('confirms a grant whose transfer landed though its answer was never stored', async () => {
    const { user, target } = await stoppedGrant('landed', 42.5)
    expect(await grants()).toMatchObject([{ status: 'pending' }])
    expect(await Promise.all([remaining(user), remaining(user)])).toEqual([457.5, 457.5])
    const [grant] = await grants()
    expect(grant).toMatchObject({ status: 'confirmed', failure: null })
    expect(await chain.signatureStatus(grant!.signature!)).toBe('confirmed')
    expect((await tokenAccountOf(target)).amount).toBe(42_500_000_000n)
    expect(await tokensDistributed(t.database.db)).toBe(42)
  })

  it('sweeps the grants of users who do not come back, once they can be settled', async () => {
    const landed = await stoppedGrant('landed', 3)
    const unsigned = await stoppedGrant('before-signing', 100)
    await ageGrants(3)
    const young = await stoppedGrant('before-signing', 50)
    const sweep = () => tokenServiceFor(t.database.db, t.config.token, chains).sweep(t.app.log)
    await Promise.all([sweep(), sweep()])
    const byAddress = new Map((await grants()).map((grant) => [grant.address, grant]))
    expect(byAddress.get(landed.target)).toMatchObject({ status: 'confirmed' })
    expect(byAddress.get(unsigned.target)).toMatchObject({
      status: 'failed',
      failure: GRANT_FAILURES.unsigned,
    })
    expect(byAddress.get(young.target)).toMatchObject({ status: 'pending', signature: null })
    expect((await tokenAccountOf(landed.target)).amount).toBe(3n * BASE)
  })

  it('does not submit a transfer signed after its grant was settled as never signed', async () => {
    const held = heldChain(chain)
    chains.use(held.chain)
    const user = await makeUser(t)
    const target = freshAddress()
    const response = faucet(user, { address: target, amount: 30 })
    await waitFor(async () => (await grants()).length > 0, 'the grant recorded')
    await ageGrants(3)
    expect(await remaining(user)).toBe(500)
    held.release()
    expect((await response).statusCode).toBe(503)
    expect(await grants()).toMatchObject([
      { status: 'failed', signature: null, failure: GRANT_FAILURES.unsigned },
    ])
    expect((await tokenAccountOf(target)).amount).toBeNull()
  })
})
