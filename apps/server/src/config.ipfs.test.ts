import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'agora-pinning-')), JWT_SECRET: 'x'.repeat(32) }
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env })

describe('pinning configuration', () => {
  it('is off with neither a pinning service nor a Kubo node', () => {
    expect(load({}).pinning).toBeNull()
  })

  it('takes a Pinning Service API endpoint with its token, and the public address for the pins’ meta', () => {
    const config = load({
      IPFS_PINNING_URL: 'https://api.pinata.cloud/psa/',
      IPFS_PINNING_TOKEN: 'secret-jwt',
      PUBLIC_URL: 'https://agora.example',
    })
    expect(config.pinning).toEqual({
      target: { kind: 'service', url: 'https://api.pinata.cloud/psa', token: 'secret-jwt' },
      maxAttempts: 8,
      publicUrl: 'https://agora.example',
    })
  })

  it('takes a Kubo RPC address and a number of attempts', () => {
    const config = load({ IPFS_API_URL: 'http://127.0.0.1:5001', IPFS_PIN_MAX_ATTEMPTS: '3' })
    expect(config.pinning).toMatchObject({
      target: { kind: 'kubo', url: 'http://127.0.0.1:5001' },
      maxAttempts: 3,
    })
  })

  it('refuses to start with the URL or the token alone, naming both and never quoting the token', () => {
    expect(() => load({ IPFS_PINNING_URL: 'https://api.pinata.cloud/psa' })).toThrow(
      /IPFS_PINNING_URL and IPFS_PINNING_TOKEN must be given together/,
    )
    expect(() => load({ IPFS_PINNING_TOKEN: 'secret-jwt' })).toThrow(ConfigError)
    expect(() => load({ IPFS_PINNING_TOKEN: 'secret-jwt' })).not.toThrow(/secret-jwt/)
  })

  it('refuses a URL that is not http(s), both kinds at once, and attempts out of range', () => {
    expect(() => load({ IPFS_API_URL: '/ip4/127.0.0.1/tcp/5001' })).toThrow(/IPFS_API_URL must be an http/)
    expect(() =>
      load({
        IPFS_PINNING_URL: 'https://psa.example',
        IPFS_PINNING_TOKEN: 't',
        IPFS_API_URL: 'http://k:5001',
      }),
    ).toThrow(/not both/)
    expect(() => load({ IPFS_API_URL: 'http://k:5001', IPFS_PIN_MAX_ATTEMPTS: '0' })).toThrow(
      /IPFS_PIN_MAX_ATTEMPTS must be a whole number from 1 to 100/,
    )
  })
})
