import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startTestSmtp } from '@agora/test-kit/smtp'
import { simpleParser } from 'mailparser'
import { expect, it } from 'vitest'
import { sendTo } from '../../../test/factories'
import { TEST_DB, useTestApp } from '../../../test/harness'
import { mailTransport, mailWorker } from './index'

const t = useTestApp({ PUBLIC_URL: 'http://agora.test' })

/** Registers `username` with an address: the app queues its verification mail. */
async function register(username: string) {
  const answer = await sendTo(t, null, 'POST /auth/register', {
    json: { username, password: 'correct horse battery', email: `${username}@example.org` },
  })
  expect(answer.statusCode).toBe(201)
}

it(`marks a message written to a file as automatic (Auto-Submitted, RFC 3834) (${TEST_DB})`, async () => {
  await register('ada')
  const mail = { ...t.config.mail, smtpUrl: null }
  const transport = mailTransport(mail, t.config.dataDir, t.app.log)
  expect((await mailWorker(t.database.db, transport, mail).drain()).length).toBeGreaterThan(0)
  const folder = join(t.config.dataDir, 'mail')
  const files = (await readdir(folder)).filter((file) => file.endsWith('.eml'))
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) {
    const parsed = await simpleParser(await readFile(join(folder, file)))
    expect(parsed.headers.get('auto-submitted'), file).toBe('auto-generated')
  }
})

it('marks a message sent over SMTP as automatic too', async () => {
  const smtp = await startTestSmtp()
  try {
    await register('grace')
    const mail = { ...t.config.mail, smtpUrl: smtp.url }
    const transport = mailTransport(mail, t.config.dataDir, t.app.log)
    await mailWorker(t.database.db, transport, mail).drain()
    transport.close()
    const received = await smtp.waitForMail('grace@example.org')
    expect(received.parsed.headers.get('auto-submitted')).toBe('auto-generated')
  } finally {
    await smtp.close()
  }
})
