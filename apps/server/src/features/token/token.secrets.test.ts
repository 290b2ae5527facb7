import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder, getBase58Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testChainSlot } from '../../../test/chain'
import { makeUser, sendTo } from '../../../test/factories'
import { openTestDatabase, TEST_DB, type TestApp } from '../../../test/harness'
import { buildApp } from '../../app'
import { type Config, loadConfig } from '../../config'
import type { DatabaseHandle } from '../../db/index'
import { openTokenChain } from './chain.open'
import type { TokenChain } from './token.chain'

// The faucet's key must never reach a response or a log line, whatever happens.

const seed = randomBytes(32)
let secretForms: string[]
let secretBase58: string
const logLines: string[] = []
let dataDir: string
let database: DatabaseHandle
let config: Config
let app: Awaited<ReturnType<typeof buildApp>>
const chains = testChainSlot(() => openTokenChain(config))

beforeAll(async () => {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
  const secret = Uint8Array.from([...seed, ...getAddressEncoder().encode(signer.address)])
  secretBase58 = getBase58Decoder().decode(secret)
  const json = JSON.stringify([...secret])
  secretForms = [
    secretBase58,
    getBase58Decoder().decode(seed),
    json.slice(1, 40),
    Buffer.from(seed).toString('hex'),
    Buffer.from(seed).toString('base64').slice(0, 40),
    Buffer.from(seed).toString('base64url').slice(0, 40),
  ]
  dataDir = mkdtempSync(join(tmpdir(), 'agora-secret-'))
  config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: '',
    AGORA_DEMO: '0',
    AUTH_RATE_LIMIT: '1000',
    FAUCET_RATE_LIMIT: '1000',
    FAUCET_DAILY_LIMIT: '100',
    FAUCET_KEYPAIR: json,
  })
  database = await openTestDatabase()
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildApp(config, {
    database,
    logger: { level: 'trace', stream },
    parts: { tokenChain: chains },
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function expectNoSecret(text: string, where: string) {
  for (const form of secretForms) {
    if (text.includes(form)) throw new Error(`the faucet's secret key appears in ${where}`)
  }
}

describe(`the faucet key stays secret (${TEST_DB})`, () => {
  it('appears in no response and no log line, through grants, refusals and failures', async () => {
    const chain: TokenChain = await chains.get()
    // The configured key is the embedded chain's faucet.
    expect(chain.faucet.address).toBe((await createKeyPairSignerFromPrivateKeyBytes(seed)).address)
    const asApp = { app } as TestApp
    const user = await makeUser(asApp)
    const target = (await createKeyPairSignerFromPrivateKeyBytes(randomBytes(32))).address
    const post = (body: unknown) => sendTo(asApp, user, 'POST /token/faucet', { json: body })

    const responses = [
      await post({ address: target, amount: 60 }),
      await post({ address: target, amount: 60 }), // 429
      await post({ address: 'nope', amount: 1 }),
      await post({ address: target, amount: 0 }),
      await sendTo(asApp, null, 'POST /token/faucet', { json: { address: target, amount: 1 } }),
      await sendTo(asApp, user, 'GET /token/info'),
      await sendTo(asApp, null, 'GET /token/balance', { query: { address: target } }),
      await app.inject({ method: 'GET', url: '/api/v1/docs/json' }),
    ]
    // A chain library failing with the key in its message (the worst case) is not echoed either.
    chains.use({
      ...chain,
      send: async () => {
        throw new Error(`signing failed for ${secretBase58}`)
      },
    })
    responses.push(await post({ address: target, amount: 1 }))
    chains.restore()

    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 429, 400, 400, 401, 200, 200, 200, 503,
    ])
    expect(responses[8].json().detail).toBe('Token transfer failed, please try again')
    for (const [index, response] of responses.entries()) {
      expectNoSecret(response.body, `answer ${index}`)
      expectNoSecret(JSON.stringify(response.headers), 'response headers')
    }
    expect(logLines.some((line) => line.includes('faucet grant confirmed'))).toBe(true)
    expect(logLines.some((line) => line.includes('faucet grant failed'))).toBe(true)
    for (const line of logLines) expectNoSecret(line, `the log line ${line.slice(0, 120)}`)
    expectNoSecret(JSON.stringify(config), 'the serialised config')
  })

  it('is not written into the data directory when it was configured', () => {
    const keys = readFileSync(join(dataDir, 'solana-local', 'keys.json'), 'utf8')
    expectNoSecret(keys, 'keys.json')
    expect(JSON.parse(keys)).not.toHaveProperty('faucet')
  })

  it('is not quoted by a configuration error', () => {
    const almost = secretBase58.slice(0, -3)
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), FAUCET_KEYPAIR: almost }),
    ).toThrow(/FAUCET_KEYPAIR/)
    try {
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), FAUCET_KEYPAIR: almost })
    } catch (error) {
      expect((error as Error).message).not.toContain(almost.slice(0, 20))
    }
  })
})
