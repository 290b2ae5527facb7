import type { ReceivedMail } from '@agora/test-kit/smtp'
import { describe, expect, it } from 'vitest'
import {
  apiMakeComment,
  dbMakePost,
  dbRowsOf,
  makeUser,
  sendTo,
  type TestUser,
} from '../../../test/factories'
import { TEST_DB } from '../../../test/harness'
import { PUBLIC_URL, useMailTestApp } from '../../../test/mail/mail-harness'
import { runDueDigests } from './notifications.digest'

const m = useMailTestApp()

/** A user whose address is verified (mail goes only to such addresses). */
async function verifiedUser(email: string, verified = true): Promise<TestUser & { email: string }> {
  const user = await makeUser(m.t)
  await m.t.database.db
    .updateTable('users')
    .set({ email, email_verified_at: verified ? new Date() : null })
    .where('id', '=', user.id)
    .execute()
  return { ...user, email }
}

/** A header's value as the message carries it (unfolded), '' when absent. */
function header(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((entry) => entry.key === name)?.line ?? ''
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim()
}

const mailTo = (address: string) => m.smtp.received.filter((mail) => mail.to === address)

describe(`notification mail (${TEST_DB})`, () => {
  it('mails a mention at once, with a one-click unsubscribe that stops that kind', async () => {
    const ada = await verifiedUser('ada@example.org')
    const bob = await makeUser(m.t)
    const post = await dbMakePost(m.t, bob, { title: 'Difference engines' })
    await apiMakeComment(m.t, bob, post, { content: `What do you think, @${ada.username}?` })
    await m.send()
    const mail = await m.smtp.waitForMail('ada@example.org')
    expect(mail.parsed.subject).toBe(`${bob.username} mentioned you in “Difference engines”`)
    expect(mail.parsed.text).toContain('What do you think')
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/forum/detail/${post}#`)
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const oneClick = header(mail, 'list-unsubscribe').replace(/^<|>$/g, '')
    expect(oneClick.startsWith(`${PUBLIC_URL}/api/v1/mail/unsubscribe?token=`)).toBe(true)
    const path = oneClick.slice(PUBLIC_URL.length)

    // Opening the link changes nothing (mail scanners open links); the one-click POST does.
    const look = await m.t.app.inject({ method: 'GET', url: path })
    expect(look.json()).toEqual({ kind: 'mention', mode: 'instant', unsubscribed: false })
    const click = await m.t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(click.statusCode).toBe(200)
    expect(click.json()).toEqual({ kind: 'mention', mode: 'off', unsubscribed: true })
    const settings = await sendTo(m.t, ada, 'GET /notifications/mail')
    expect(settings.json().kinds).toMatchObject({ mention: 'off', reply: 'instant' })

    await apiMakeComment(m.t, bob, post, { content: `Again, @${ada.username}.` })
    await m.send()
    expect(mailTo('ada@example.org')).toHaveLength(1)

    const forged = await m.t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}abc` })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().detail).toMatch(/not valid/)
  })

  it('sends nothing to an unverified address', async () => {
    const ada = await verifiedUser('unverified@example.org', false)
    const bob = await makeUser(m.t)
    const post = await dbMakePost(m.t, bob)
    await apiMakeComment(m.t, bob, post, { content: `Hello @${ada.username}` })
    const outbox = await m.t.database.db.selectFrom('mail_outbox').select('id').execute()
    expect(outbox).toHaveLength(0)
    expect(await dbRowsOf(m.t, 'notifications', ada)).toHaveLength(1)
  })

  it('keeps mail settings per kind; refuses an unknown mode and a visitor', async () => {
    const ada = await verifiedUser('settings@example.org')
    const first = await sendTo(m.t, ada, 'GET /notifications/mail')
    expect(first.json()).toMatchObject({
      kinds: { reply: 'instant', comment: 'daily', like: 'off', followed_author: 'weekly' },
      email: { email: 'settings@example.org', verified: true, bounced: false },
      delivery: 'smtp',
    })
    const put = await sendTo(m.t, ada, 'PUT /notifications/mail', {
      json: { kinds: { like: 'daily', reply: 'off' } },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().kinds).toMatchObject({ like: 'daily', reply: 'off', comment: 'daily' })
    const bad = await sendTo(m.t, ada, 'PUT /notifications/mail', { json: { kinds: { like: 'hourly' } } })
    expect(bad.statusCode).toBe(400)
    const visitor = await sendTo(m.t, null, 'GET /notifications/mail')
    expect(visitor.statusCode).toBe(401)
  })

  it('gathers a day of comments into one digest, sent once however many processes run it', async () => {
    const ada = await verifiedUser('digest@example.org')
    const bob = await makeUser(m.t)
    const post = await dbMakePost(m.t, ada, { title: 'On the analytical engine' })
    await apiMakeComment(m.t, bob, post, { content: 'First thought' })
    const other = await dbMakePost(m.t, ada, { title: 'Notes on notes' })
    await apiMakeComment(m.t, bob, other, { content: 'Second thought' })
    // Comments are a daily digest by default: nothing at once.
    expect(await m.t.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0)

    const now = new Date()
    const yesterday = new Date(now.getTime() - 86_400_000)
    await m.t.database.db
      .updateTable('notifications')
      .set({ updated_at: yesterday })
      .where('user_id', '=', ada.id)
      .execute()

    // Two processes at once: one sends, the other finds the day done.
    const runs = await Promise.all([
      runDueDigests(m.t.database.db, m.t.config.mail, m.t.config.jwtSecret, now),
      runDueDigests(m.t.database.db, m.t.config.mail, m.t.config.jwtSecret, now),
    ])
    expect(runs.map((run) => run.daily).sort()).toEqual([1, null])
    expect(
      (await runDueDigests(m.t.database.db, m.t.config.mail, m.t.config.jwtSecret, now)).daily,
    ).toBeNull()

    await m.send()
    const digest = await m.smtp.waitForMail('digest@example.org')
    expect(digest.parsed.subject).toBe('Your daily Agora digest: 2 things you missed')
    expect(digest.parsed.html).toContain('Comments on your posts')
    expect(digest.parsed.text).toContain(`${bob.username} commented on your post “On the analytical engine”`)
    expect(digest.parsed.text).toContain(`${PUBLIC_URL}/forum/detail/${other}#`)
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mailTo('digest@example.org')).toHaveLength(1)
  })
})
