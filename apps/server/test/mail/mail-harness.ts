import { startTestSmtp, type TestSmtp } from '@agora/test-kit/smtp'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { mailTransport, mailWorker } from '../../src/features/mail/index'
import { createTestApp, type TestApp } from '../harness'

export const PUBLIC_URL = 'http://agora.test'

export interface MailTestApp {
  t: TestApp
  smtp: TestSmtp
  /** Sends every due message through the real SMTP server (the worker's one step, run by hand). */
  send(): ReturnType<ReturnType<typeof mailWorker>['drain']>
}

/**
 * The real app with its mail going to a real SMTP server started for the test file; the test
 * sends what is queued with `send()` (the mail worker's own code, without its timer).
 */
export function useMailTestApp(env: Record<string, string> = {}): MailTestApp {
  const holder = {} as MailTestApp
  beforeAll(async () => {
    holder.smtp = await startTestSmtp()
    holder.t = await createTestApp({ SMTP_URL: holder.smtp.url, PUBLIC_URL, ...env })
    const transport = mailTransport(holder.t.config.mail, holder.t.config.dataDir, holder.t.app.log)
    const worker = mailWorker(holder.t.database.db, transport, holder.t.config.mail)
    holder.send = () => worker.drain()
  })
  beforeEach(async () => {
    await holder.t.reset()
    holder.smtp.received.length = 0
  })
  afterAll(async () => {
    await holder.t?.close()
    await holder.smtp?.close()
  })
  return holder
}

/** The token of a link like `http://agora.test/reset-password?token=…`. */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''
