import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { waitFor } from './wait-for'

/** A message the test's SMTP server received, parsed by mailparser (not our code). */
export interface ReceivedMail {
  to: string
  parsed: ParsedMail
  raw: string
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:{port}` for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** Waits for a message to `to` matching `match` (its subject, or anything in it) and answers it. */
  waitForMail(to: string, match?: (mail: ReceivedMail) => boolean, deadlineMs?: number): Promise<ReceivedMail>
  /** The first link in a message's text that starts with `prefix`. */
  linkIn(mail: ReceivedMail, prefix: string): string
  /** The next `count` messages to `to` are refused at RCPT TO with `code` (e.g. 550 for a bounce, 451 for a delay). */
  refuse(to: string, code: number, count?: number): void
  /** Refuses every connection until `resume()` (a mail server that is down). */
  down(): void
  resume(): void
  close(): Promise<void>
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), for tests that must receive the
 * mail the product sends: every message is parsed with `mailparser` and kept.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  const refusals = new Map<string, { code: number; count: number }>()
  let isDown = false
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (isDown) return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }))
      callback()
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase())
      if (refusal && refusal.count > 0) {
        refusal.count -= 1
        const error = Object.assign(
          new Error(refusal.code >= 500 ? 'No such user here' : 'Try again later'),
          {
            responseCode: refusal.code,
          },
        )
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        try {
          const parsed = await simpleParser(raw)
          for (const rcpt of session.envelope.rcptTo)
            received.push({ to: rcpt.address.toLowerCase(), parsed, raw })
          callback()
        } catch (error) {
          callback(error as Error)
        }
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail(to, match = () => true, deadlineMs = 15_000) {
      return waitFor(
        () => received.find((mail) => mail.to === to.toLowerCase() && match(mail)),
        `a message to ${to}`,
        deadlineMs,
      )
    },
    linkIn(mail, prefix) {
      const link = (mail.parsed.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
      if (!link) throw new Error(`no link starting with ${prefix} in "${mail.parsed.subject}"`)
      return link
    },
    refuse(to, code, count = 1) {
      refusals.set(to.toLowerCase(), { code, count })
    },
    down() {
      isDown = true
    },
    resume() {
      isDown = false
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
