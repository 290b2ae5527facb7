import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import type { QueuedMail } from './mail.store'
import { mailTransport } from './mail.transport'

const dataDir = mkdtempSync(join(tmpdir(), 'agora-mail-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const config = {
  smtpUrl: null,
  from: 'Agora <no-reply@agora.localhost>',
  publicUrl: 'http://localhost:8080',
  pollMs: 1000,
  maxAttempts: 8,
  resetRateLimit: 5,
}

const RESET_LINK = 'http://localhost:8080/reset-password?token=secret-reset-token'

function resetMail(id: string): QueuedMail {
  return {
    id,
    user_id: null,
    to_address: 'ada@example.org',
    kind: 'password_reset',
    subject: 'Reset your Agora password',
    text_body: `Follow this link to choose a new password:\n${RESET_LINK}\n`,
    html_body: `<p><a href="${RESET_LINK}">Choose a new password</a></p>`,
    headers: {},
    attempts: 1,
  } as QueuedMail
}

/** A JSON logger (LOG_FORMAT=json) whose lines are kept. */
function jsonLog() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { log: pino({ level: 'info' }, stream), lines }
}

describe('mail written to files when no SMTP server is set', () => {
  it('keeps the link out of the log but in the .eml file', async () => {
    const { log, lines } = jsonLog()
    const id = '0192f0e0-0000-7000-8000-000000000001'
    await mailTransport(config, dataDir, log).send(resetMail(id))
    const entries = lines.map((line) => JSON.parse(line))
    expect(entries).toEqual([
      expect.objectContaining({ msg: 'mail written', subject: 'Reset your Agora password' }),
    ])
    expect(lines.join('')).not.toContain('secret-reset-token')
    const file = join(dataDir, 'mail', `${id}.eml`)
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file, 'utf8')).toContain('secret-reset-token')
  })

  it('logs the link when told to (a developer at a terminal)', async () => {
    const { log, lines } = jsonLog()
    await mailTransport(config, dataDir, log, true).send(resetMail('0192f0e0-0000-7000-8000-000000000002'))
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'mail written', link: RESET_LINK })
  })
})
