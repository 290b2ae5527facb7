import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { MailConfig } from '../../config'
import type { Logger } from '../../db/worker-loops'
import type { QueuedMail } from './mail.store'

/** Why a message could not be sent, and whether trying again could help. */
export class SendFailure extends Error {
  constructor(
    message: string,
    /** The server refused for good (5xx): retrying the same message would be refused again. */
    readonly permanent: boolean,
    /** The recipient's address itself was refused for good: a bounce. */
    readonly bounced: boolean,
  ) {
    super(message)
  }
}

export interface MailTransport {
  /** Where messages go, in words, for the start-up log. */
  readonly description: string
  send(mail: QueuedMail): Promise<void>
  close(): void
}

function messageOf(from: string, mail: QueuedMail) {
  return {
    from,
    to: mail.to_address,
    subject: mail.subject,
    text: mail.text_body,
    html: mail.html_body,
    // Every message is sent by the site itself (RFC 3834): responders must not answer it.
    headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
    messageId: `<${mail.id}@agora.mail>`,
  }
}

/** Links go in the log only for a developer at a terminal reading pretty lines, never in JSON logs. */
export const logsLinks = (config: { logFormat: 'pretty' | 'json' }) =>
  config.logFormat === 'pretty' && !!process.stdout.isTTY

/** The first link of a text: what the log shows of a message written to a file. */
const firstLink = (text: string) => text.match(/https?:\/\/\S+/)?.[0] ?? ''

/**
 * SMTP through nodemailer when `SMTP_URL` is set. Without it every message is written to
 * `dataDir/mail/{id}.eml` (a complete RFC 5322 message, as nodemailer would send it) and its
 * subject is logged, so a forum without a mail server still works. `linksInLog`: its link too, for
 * a developer at a terminal; a link signs in or resets a password, so never in collected logs.
 */
export function mailTransport(
  config: MailConfig,
  dataDir: string,
  log: Logger,
  linksInLog = false,
): MailTransport {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl)
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      description: `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        try {
          await transport.sendMail(messageOf(config.from, mail))
        } catch (error) {
          throw asFailure(error)
        }
      },
      close: () => transport.close(),
    }
  }
  const folder = join(dataDir, 'mail')
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    description: `files in ${folder} (SMTP_URL is not set)`,
    async send(mail) {
      const info = await writer.sendMail(messageOf(config.from, mail))
      await mkdir(folder, { recursive: true })
      const file = join(folder, `${mail.id}.eml`)
      // Written whole or not at all: a reader never sees half a message.
      await writeFile(`${file}.partial`, info.message as Buffer)
      await rename(`${file}.partial`, file)
      const link = linksInLog ? { link: firstLink(mail.text_body) } : {}
      log.info({ to: mail.to_address, subject: mail.subject, ...link, file }, 'mail written')
    },
    close() {},
  }
}

function asFailure(error: unknown): SendFailure {
  const e = error as { message?: string; responseCode?: number; code?: string; command?: string }
  const code = e.responseCode ?? 0
  const permanent = code >= 500 && code < 600
  // A refused recipient: the RCPT TO step (nodemailer's EENVELOPE).
  const bounced = permanent && (e.code === 'EENVELOPE' || /RCPT/i.test(e.command ?? ''))
  return new SendFailure(e.message ?? String(error), permanent, bounced)
}
