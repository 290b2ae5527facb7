// Solana addresses and secret keys as text, with no Solana library behind them: config loading and
// request validation use these without pulling the chain code in.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, index]))

/** Decodes base58 (Bitcoin alphabet, as Solana uses); null when the text is not base58. */
export function decodeBase58(text: string): Uint8Array | null {
  if (text.length === 0) return null
  const bytes: number[] = []
  for (const char of text) {
    let carry = DIGIT.get(char)
    if (carry === undefined) return null
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' stands for a leading zero byte.
  for (const char of text) {
    if (char !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** A Solana address: base58 text of a 32-byte public key (wallets' and programs' alike). */
export function isSolanaAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false
  return decodeBase58(text)?.length === 32
}

/**
 * A 64-byte ed25519 secret key (seed + public key), as `solana-keygen` writes it: a JSON array of
 * 64 numbers, or base58 text (as wallets export it). Throws a message that never quotes the key.
 */
export function parseSecretKey(text: string): Uint8Array {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    let numbers: unknown
    try {
      numbers = JSON.parse(trimmed)
    } catch {
      throw new Error('is not a valid JSON array')
    }
    if (
      !Array.isArray(numbers) ||
      numbers.length !== 64 ||
      !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)
    ) {
      throw new Error('must be a JSON array of 64 numbers from 0 to 255')
    }
    return Uint8Array.from(numbers as number[])
  }
  const bytes = decodeBase58(trimmed)
  if (!bytes) throw new Error('is neither a JSON array of 64 numbers nor base58 text')
  if (bytes.length !== 64) throw new Error('must decode to 64 bytes (secret and public key)')
  return bytes
}

/** A secret key that cannot leak by accident: JSON, logs and `util.inspect` see only "[redacted]". */
export class SecretKey {
  readonly #bytes: Uint8Array
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes
  }
  /** A copy of the 64 bytes, for the one place that signs with them. */
  reveal(): Uint8Array {
    return Uint8Array.from(this.#bytes)
  }
  toJSON() {
    return '[redacted]'
  }
  toString() {
    return '[redacted]'
  }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return 'SecretKey([redacted])'
  }
}
