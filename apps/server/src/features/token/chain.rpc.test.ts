import { randomBytes } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getFreezeAccountInstruction,
  getTokenDecoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testChainSlot } from '../../../test/chain'
import { makeUser, send, sendTo } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../../test/harness'
import { seedLocalChain } from './chain.local'
import { openTokenChain } from './chain.open'
import { openRpcChain } from './chain.rpc'
import { type FakeRpcNode, startFakeRpc } from './fake-rpc'
import { ACTIVATION_LAMPORTS, TRANSFER_FAILED } from './token.transfer'

// The RPC adapter against a JSON-RPC node (a LiteSVM behind HTTP): the same §4 steps as on the
// embedded chain, through simulateTransaction, sendTransaction and getSignatureStatuses.

let t: TestApp
const chains = testChainSlot(() => openTokenChain(t.config))
let svm: LiteSVM
let node: FakeRpcNode
let faucet: KeyPairSigner
let mint: string

beforeAll(async () => {
  svm = new LiteSVM()
  const seed = randomBytes(32)
  faucet = await createKeyPairSignerFromPrivateKeyBytes(seed)
  mint = await seedLocalChain(svm, faucet, { freezable: true })
  node = await startFakeRpc(svm)
  t = await createTestApp(
    {
      SOLANA_RPC_URL: node.url,
      SOLANA_CLUSTER: 'devnet',
      FAUCET_KEYPAIR: JSON.stringify([...seed, ...getAddressEncoder().encode(faucet.address)]),
      TOKEN_MINT: mint,
      FAUCET_RATE_LIMIT: '1000',
    },
    { parts: { tokenChain: chains } },
  )
})
afterEach(async () => {
  node.dropTransactions = false
  node.blockHeight = 10
  await chains.close()
  await t.reset()
})
afterAll(async () => {
  await t.close()
  await node.close()
})

const newAddress = async () =>
  (await createKeyPairSignerFromPrivateKeyBytes(randomBytes(32))).address as string

async function tokensOf(owner: string) {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const account = svm.getAccount(ata)
  return { ata, amount: account.exists ? getTokenDecoder().decode(account.data).amount : null }
}

function grants() {
  return t.database.db.selectFrom('faucet_grants').selectAll().orderBy('created_at').execute()
}

describe(`token faucet over JSON-RPC (${TEST_DB})`, () => {
  it('grants through RPC: activation, token account, exact amount, devnet explorer link', async () => {
    const user = await makeUser(t)
    const target = await newAddress()
    const response = await send(t, user, 'POST', '/api/v1/token/faucet', { address: target, amount: 12.5 })
    expect(response.statusCode).toBe(200)
    const { signature, explorer_url, cluster } = response.json()
    expect(cluster).toBe('devnet')
    expect(explorer_url).toBe(`https://explorer.solana.com/tx/${signature}?cluster=devnet`)
    expect(svm.getBalance(address(target))).toBe(ACTIVATION_LAMPORTS)
    expect((await tokensOf(target)).amount).toBe(12_500_000_000n)
    // Simulated before it was sent, then confirmed by polling.
    expect(node.calls).toEqual(
      expect.arrayContaining(['simulateTransaction', 'sendTransaction', 'getSignatureStatuses']),
    )
    expect(node.calls.indexOf('simulateTransaction')).toBeLessThan(node.calls.indexOf('sendTransaction'))

    // What the rewards reconciler asks of a sent transfer.
    const rpcChain = await openRpcChain(t.config.token)
    expect(await rpcChain.signatureStatus(signature)).toBe('confirmed')
    expect(await rpcChain.signatureStatus('5'.repeat(88))).toBe('unknown')

    const info = await sendTo(t, null, 'GET /token/info')
    expect(info.json()).toMatchObject({
      cluster: 'devnet',
      network_name: 'Solana Devnet',
      mint,
      decimals: 9,
      faucet_address: faucet.address,
    })
  })

  it('maps a transfer the chain refuses (a frozen token account) to a §8 text and records it failed', async () => {
    const user = await makeUser(t)
    const target = await newAddress()
    const post = () => send(t, user, 'POST', '/api/v1/token/faucet', { address: target, amount: 1 })
    expect((await post()).statusCode).toBe(200)
    const { ata } = await tokensOf(target)
    const freeze = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) =>
        appendTransactionMessageInstructions(
          [getFreezeAccountInstruction({ account: ata, mint: address(mint), owner: faucet })],
          m,
        ),
    )
    expect(svm.sendTransaction(await signTransactionMessageWithSigners(freeze))).not.toBeInstanceOf(
      FailedTransactionMetadata,
    )
    node.calls.length = 0

    const refused = await post()
    expect(refused.statusCode).toBe(503)
    expect(refused.json().detail).toBe('Token operation failed: account is frozen')
    // Refused in simulation: nothing was sent.
    expect(node.calls).not.toContain('sendTransaction')
    expect((await tokensOf(target)).amount).toBe(1_000_000_000n)
    expect((await grants()).map((grant) => grant.status)).toEqual(['confirmed', 'failed'])
  })

  it('keeps a grant pending while the network has not confirmed it, and fails it once its blockhash expired', async () => {
    const user = await makeUser(t)
    node.dropTransactions = true
    chains.use(await openRpcChain(t.config.token, { pollIntervalMs: 20, confirmTimeoutMs: 200 }))
    const post = async () =>
      send(t, user, 'POST', '/api/v1/token/faucet', { address: await newAddress(), amount: 2 })

    const waiting = await post()
    expect(waiting.statusCode).toBe(503)
    expect(waiting.json().detail).toMatch(/not confirmed it yet/)
    const [pending] = await grants()
    expect(pending.status).toBe('pending')
    expect(pending.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)

    node.blockHeight = 2_000
    const expired = await post()
    expect(expired.statusCode).toBe(503)
    expect(expired.json().detail).toBe(TRANSFER_FAILED)
    expect((await grants()).map((grant) => grant.status)).toEqual(['pending', 'failed'])
  })

  it('answers 503 without the RPC URL when the node cannot be reached, and records nothing', async () => {
    const user = await makeUser(t)
    const working = t.config.token.rpcUrl
    t.config.token.rpcUrl = 'http://127.0.0.1:9/?api-key=do-not-show-me'
    try {
      const info = await sendTo(t, null, 'GET /token/info')
      const grant = await send(t, user, 'POST', '/api/v1/token/faucet', {
        address: await newAddress(),
        amount: 1,
      })
      for (const response of [info, grant]) {
        expect(response.statusCode).toBe(503)
        expect(response.json().detail).toBe(
          'Account verification failed: the Solana network could not be reached',
        )
        expect(response.body).not.toContain('do-not-show-me')
      }
      expect(await grants()).toHaveLength(0)
    } finally {
      t.config.token.rpcUrl = working
    }
  })

  it('hands over the signature before submitting, and submits nothing when that fails', async () => {
    const rpcChain = await openRpcChain(t.config.token)
    const target = await newAddress()
    // Two amounts, so the second transaction is not the first one again (AlreadyProcessed).
    const pay = (amount: bigint) => [
      getTransferSolInstruction({ source: rpcChain.faucet, destination: address(target), amount }),
    ]
    node.calls.length = 0
    let seen: { signature: string; submitted: boolean } | null = null
    const signature = await rpcChain.send(pay(1_000_000n), async (signed) => {
      seen = { signature: signed, submitted: node.calls.includes('sendTransaction') }
    })
    expect(seen).toEqual({ signature, submitted: false })
    expect(svm.getBalance(address(target))).toBe(1_000_000n)

    node.calls.length = 0
    await expect(
      rpcChain.send(pay(2_000_000n), async () => {
        throw new Error('the row was settled meanwhile')
      }),
    ).rejects.toThrow('the row was settled meanwhile')
    expect(node.calls).not.toContain('sendTransaction')
    expect(svm.getBalance(address(target))).toBe(1_000_000n)
  })
})
