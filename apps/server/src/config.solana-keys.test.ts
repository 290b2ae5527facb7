import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { decodeBase58, isSolanaAddress, parseSecretKey, SecretKey } from './config.solana-keys'

// A throwaway keypair made for these tests (solana-keygen's JSON form and its base58 form).
const SECRET = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}
const dir = mkdtempSync(join(tmpdir(), 'agora-keys-'))
const env = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }

describe('solana keys', () => {
  it('decodes base58 including leading zero bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(decodeBase58(encodeBase58(SECRET))).toEqual(SECRET)
    expect(decodeBase58('0OIl')).toBeNull()
  })

  it('accepts only base58 text of 32 bytes as an address', () => {
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).toBe(false)
    expect(isSolanaAddress('abc')).toBe(false)
    expect(isSolanaAddress(encodeBase58(SECRET))).toBe(false)
  })

  it('parses a secret key from a JSON array or base58, and refuses anything else without quoting it', () => {
    expect(parseSecretKey(JSON.stringify([...SECRET]))).toEqual(SECRET)
    expect(parseSecretKey(encodeBase58(SECRET))).toEqual(SECRET)
    expect(() => parseSecretKey('[1,2,3]')).toThrow('64 numbers')
    expect(() => parseSecretKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toThrow('64 bytes')
  })

  it('never shows a SecretKey in JSON, strings or inspection', () => {
    const key = new SecretKey(SECRET)
    const shown = [JSON.stringify({ key }), String(key), inspect({ key }, { depth: 5, showHidden: true })]
    for (const text of shown) {
      expect(text).toContain('redacted')
      expect(text).not.toContain(String(SECRET[1]))
    }
    expect(key.reveal()).toEqual(SECRET)
  })
})

describe('token config', () => {
  it('defaults to the embedded chain, devnet naming, 100 per request and 500 a day', () => {
    const { token } = loadConfig(env)
    expect(token).toMatchObject({
      rpcUrl: null,
      cluster: 'devnet',
      mint: null,
      maxPerRequest: 100,
      dailyLimit: 500,
    })
  })

  it('reads FAUCET_KEYPAIR from a keypair file, JSON or base58, and never prints it in the config', () => {
    const file = join(dir, 'faucet.json')
    writeFileSync(file, JSON.stringify([...SECRET]))
    for (const value of [file, JSON.stringify([...SECRET]), encodeBase58(SECRET)]) {
      const config = loadConfig({ ...env, FAUCET_KEYPAIR: value })
      expect(config.token.faucetKeypair?.reveal()).toEqual(SECRET)
      expect(JSON.stringify(config)).not.toContain(encodeBase58(SECRET))
      expect(inspect(config, { depth: 10 })).not.toContain(encodeBase58(SECRET))
    }
  })

  it.each([
    [{ SOLANA_RPC_URL: 'ftp://x' }, 'SOLANA_RPC_URL must be an http:// or https:// URL'],
    [{ SOLANA_CLUSTER: 'moon' }, 'SOLANA_CLUSTER must be one of devnet, testnet, mainnet-beta, localnet'],
    [{ TOKEN_MINT: 'not-an-address' }, 'TOKEN_MINT must be a Solana address'],
    [{ SOLANA_RPC_URL: 'https://rpc.example' }, 'FAUCET_KEYPAIR is required with SOLANA_RPC_URL'],
    [{ FAUCET_KEYPAIR: 'no/such/file.json' }, 'FAUCET_KEYPAIR must be a path to a keypair JSON file'],
    [{ FAUCET_KEYPAIR: '[1,2]' }, 'FAUCET_KEYPAIR must be a JSON array of 64 numbers'],
    [{ FAUCET_MAX_PER_REQUEST: '0' }, 'FAUCET_MAX_PER_REQUEST must be a whole number'],
    [{ FAUCET_DAILY_LIMIT: '50' }, 'FAUCET_DAILY_LIMIT (50) must be at least FAUCET_MAX_PER_REQUEST (100)'],
  ])('refuses %o with a clear message', (extra, message) => {
    expect(() => loadConfig({ ...env, ...extra })).toThrow(ConfigError)
    expect(() => loadConfig({ ...env, ...extra })).toThrow(message)
  })

  it('needs TOKEN_MINT beside an RPC URL and keypair', () => {
    expect(() =>
      loadConfig({ ...env, SOLANA_RPC_URL: 'https://rpc.example', FAUCET_KEYPAIR: encodeBase58(SECRET) }),
    ).toThrow('TOKEN_MINT is required with SOLANA_RPC_URL')
  })
})
