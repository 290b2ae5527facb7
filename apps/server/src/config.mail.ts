// E-mail: how messages leave, who they are from, and where their links point.

import { ConfigError, type Env, int } from './config.read'

export interface MailConfig {
  /** `smtp://user:pass@host:587` or `smtps://…`; null: messages are written to `dataDir/mail/`. */
  smtpUrl: string | null
  /** The From of every message. */
  from: string
  /** Where the product is reached from outside: every link in a message starts with it. */
  publicUrl: string
  /** How often an idle mail worker looks for due messages. */
  pollMs: number
  /** Sending attempts of one message before it fails for good. */
  maxAttempts: number
  /** Password-reset requests per hour, per account and per address. */
  resetRateLimit: number
}

export function mailConfig(env: Env, port: number): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  }
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/i.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// address; got "${publicUrl}"`)
  }
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'Agora <no-reply@agora.localhost>',
    publicUrl,
    pollMs: int(env, 'MAIL_POLL_MS', 1000, 10, 600_000),
    maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 100),
    resetRateLimit: int(env, 'PASSWORD_RESET_RATE_LIMIT', 5, 1, 100_000),
  }
}
