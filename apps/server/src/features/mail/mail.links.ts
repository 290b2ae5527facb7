import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Signed unsubscribe tokens: `{userId}.{kind}.{signature}`, HMAC-SHA256 under the server's secret.
 * Nothing is stored; a token stops the same kind of mail for the same user however often it is used.
 */
export function unsubscribeTokens(secret: string) {
  const sign = (body: string) =>
    createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url')
  return {
    issue(userId: string, kind: string) {
      const body = `${userId}.${kind}`
      return `${body}.${sign(body)}`
    },
    /** The user and kind a token stands for, or null for a forged or damaged one. */
    read(token: string): { userId: string; kind: string } | null {
      const parts = token.split('.')
      if (parts.length !== 3) return null
      const [userId, kind, signature] = parts as [string, string, string]
      const expected = Buffer.from(sign(`${userId}.${kind}`))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return { userId, kind }
    },
  }
}

/** The headers of a message that can be stopped with one click (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
