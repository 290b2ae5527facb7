// Pinning: where this server asks for its public files to be pinned on the IPFS network.

import { ConfigError, type Env, int } from './config.read'

/** Where pins go: a Pinning Service API endpoint with its token, or a Kubo node's RPC API. */
export type PinningTarget = { kind: 'service'; url: string; token: string } | { kind: 'kubo'; url: string }

export interface PinningConfig {
  target: PinningTarget
  /** Failed tries of one file before its pin is recorded as failed. */
  maxAttempts: number
  /** Where the site is reached from outside: each pin's `meta` names the file's gateway address. */
  publicUrl: string
}

function httpUrl(raw: string, name: string, example: string): string {
  if (!/^https?:\/\/[^\s/]+/i.test(raw) || !URL.canParse(raw)) {
    throw new ConfigError(`${name} must be an http:// or https:// URL, e.g. ${example}`)
  }
  return raw.replace(/\/+$/, '')
}

/**
 * Pinning is on with IPFS_PINNING_URL and IPFS_PINNING_TOKEN (given together), or with IPFS_API_URL;
 * with neither it is off (null). The token is a secret: no message quotes it.
 */
export function pinningConfig(env: Env, publicUrl: string): PinningConfig | null {
  const serviceUrl = env.IPFS_PINNING_URL?.trim() || null
  const token = env.IPFS_PINNING_TOKEN?.trim() || null
  const kuboUrl = env.IPFS_API_URL?.trim() || null
  if (Boolean(serviceUrl) !== Boolean(token)) {
    throw new ConfigError(
      'IPFS_PINNING_URL and IPFS_PINNING_TOKEN must be given together: the Pinning Service API endpoint and its access token',
    )
  }
  if (serviceUrl && kuboUrl) {
    throw new ConfigError('Set either IPFS_PINNING_URL (with IPFS_PINNING_TOKEN) or IPFS_API_URL, not both')
  }
  let target: PinningTarget
  if (serviceUrl && token) {
    target = {
      kind: 'service',
      url: httpUrl(serviceUrl, 'IPFS_PINNING_URL', 'https://api.pinata.cloud/psa'),
      token,
    }
  } else if (kuboUrl) {
    target = { kind: 'kubo', url: httpUrl(kuboUrl, 'IPFS_API_URL', 'http://127.0.0.1:5001') }
  } else {
    return null
  }
  return { target, maxAttempts: int(env, 'IPFS_PIN_MAX_ATTEMPTS', 8, 1, 100), publicUrl }
}
