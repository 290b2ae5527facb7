import { waitFor } from '@agora/test-kit'
import { describe, expect, it } from 'vitest'
import { cookieHeader, makeModerator, makeUser, sendLogin, sendTo } from '../../../test/factories'
import { TEST_DB } from '../../../test/harness'
import { PUBLIC_URL, tokenOf, useMailTestApp } from '../../../test/mail/mail-harness'

const m = useMailTestApp()

async function register(username: string, email: string, language = 'en') {
  const response = await sendTo(m.t, null, 'POST /auth/register', {
    json: { username, password: 'correct horse battery', email },
    headers: { 'accept-language': language },
  })
  expect(response.statusCode).toBe(201)
  return response.json().id as string
}

async function login(username: string, password = 'correct horse battery', userAgent = '') {
  const headers = userAgent ? { 'user-agent': userAgent } : {}
  const response = await sendLogin(m.t, { username, password, secure_mode: false }, { headers })
  expect(response.statusCode).toBe(200)
  return { authorization: `Bearer ${response.json().access_token}` }
}

/** A user registered with the address `{username}@example.org`, then signed in: their headers. */
async function signedUp(username: string) {
  await register(username, `${username}@example.org`)
  return login(username)
}

const me = async (headers: Record<string, string>) => sendTo(m.t, null, 'GET /auth/me', { headers })

/** The e-mail verification link of the next mail to `address`. */
const verificationLink = async (address: string) =>
  m.smtp.linkIn(await m.smtp.waitForMail(address), `${PUBLIC_URL}/verify-email`)

/** POST /auth/email/verify with a link's token; the answer unchecked. */
const verifyEmail = (token: string) => sendTo(m.t, null, 'POST /auth/email/verify', { json: { token } })

async function forgot(name: string) {
  const response = await sendTo(m.t, null, 'POST /auth/password/forgot', { json: { username: name } })
  expect(response.statusCode).toBe(202)
  return response.json()
}

/**
 * Forgotten-password requests are worked through in order after their answers: once a later
 * request for `sentinel` has queued its mail, every earlier one has had its turn.
 */
/** The mail that tells an account its password was changed, sent and arrived. */
async function passwordChangedMail(address: string) {
  await m.send()
  await m.smtp.waitForMail(address, (mail) => mail.parsed.subject === 'Your Agora password was changed')
}

async function settled() {
  const sentinel = `sentinel${Math.random().toString(36).slice(2, 8)}`
  await register(sentinel, `${sentinel}@example.org`)
  await forgot(sentinel)
  await waitFor(async () => {
    const row = await m.t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'reset_password')
      .where('to_address', '=', `${sentinel}@example.org`)
      .executeTakeFirst()
    return row !== undefined
  }, 'the sentinel reset queued')
}

/** Mail queued after a request's answer (forgot password) is in the outbox once this is true. */
const queued = async (kind: string, count = 1) =>
  waitFor(async () => {
    const rows = await m.t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', kind)
      .execute()
    return rows.length >= count
  }, `${count} ${kind} message(s) queued`)

describe(`accounts and mail (${TEST_DB})`, () => {
  it('verifies an address given at registration through the link mailed to it, once', async () => {
    const headers = await signedUp('ada')
    expect((await me(headers)).json()).toMatchObject({ email: 'ada@example.org', email_verified: false })

    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['sent'])
    const mail = await m.smtp.waitForMail('ada@example.org')
    expect(mail.parsed.subject).toBe('Confirm your e-mail address for Agora')
    expect(mail.parsed.html).toContain('Confirm my address')
    // A security message: no unsubscribe.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false)
    const link = m.smtp.linkIn(mail, `${PUBLIC_URL}/verify-email?token=`)

    const first = await verifyEmail(tokenOf(link))
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ email: 'ada@example.org' })
    expect((await me(headers)).json()).toMatchObject({ email_verified: true })

    const again = await verifyEmail(tokenOf(link))
    expect(again.statusCode).toBe(400)
    expect(again.json().detail).toMatch(/already been used/)
    const forged = await verifyEmail(`${tokenOf(link).slice(0, -2)}xx`)
    expect(forged.statusCode).toBe(400)
    expect(forged.json().detail).toMatch(/not valid/)
  })

  it('writes mail in the language the user registered with', async () => {
    await register('lin', 'lin@example.org', 'zh-CN,zh;q=0.9')
    await m.send()
    const mail = await m.smtp.waitForMail('lin@example.org')
    expect(mail.parsed.subject).toBe('确认您在 Agora 的电子邮件地址')
    expect(mail.parsed.text).toContain('确认我的地址')
  })

  it('refuses an expired verification link in words', async () => {
    await register('grace', 'grace@example.org')
    await m.send()
    const link = await verificationLink('grace@example.org')
    await m.t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute()
    const response = await verifyEmail(tokenOf(link))
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('This link has expired. Ask for a new one.')
  })

  it('a changed address must be verified again, and the old one is told', async () => {
    const headers = await signedUp('emmy')
    await m.send()
    await verifyEmail(tokenOf(await verificationLink('emmy@example.org')))

    const change = await sendTo(m.t, null, 'POST /modify/modify_email', {
      json: { user_id: (await me(headers)).json().id, new_email: 'noether@example.org' },
      headers,
    })
    expect(change.statusCode).toBe(200)
    expect((await me(headers)).json()).toMatchObject({ email: 'noether@example.org', email_verified: false })
    await m.send()
    const notice = await m.smtp.waitForMail('emmy@example.org', (mail) =>
      /was changed/.test(mail.parsed.subject ?? ''),
    )
    expect(notice.parsed.text).toContain('noether@example.org')
    const verified = await verifyEmail(tokenOf(await verificationLink('noether@example.org')))
    expect(verified.statusCode).toBe(200)
    expect((await me(headers)).json()).toMatchObject({ email_verified: true })
  })

  it('asks for a new verification link: 202, then 409 once verified; 400 without an address', async () => {
    const headers = await signedUp('kat')
    const request = () => sendTo(m.t, null, 'POST /auth/email/verify/request', { headers })
    expect((await request()).statusCode).toBe(202)
    await m.send()
    await waitFor(
      () => m.smtp.received.filter((mail) => mail.to === 'kat@example.org').length === 2,
      'two links',
    )
    await verifyEmail(tokenOf(m.smtp.linkIn(m.smtp.received.at(-1)!, `${PUBLIC_URL}/verify-email`)))
    const verified = await request()
    expect(verified.statusCode).toBe(409)

    const nobody = await makeUser(m.t)
    const none = await sendTo(m.t, nobody, 'POST /auth/email/verify/request')
    expect(none.statusCode).toBe(400)
    expect(none.json().detail).toBe('Add an e-mail address to your profile first')
  })

  it('forgot password: the same answer for any name; the link resets once, ends every session and signs in', async () => {
    const before = await signedUp('alan')
    await m.send()
    m.smtp.received.length = 0

    const unknown = await forgot('nobody-at-all')
    const known = await forgot('ALAN@example.org')
    expect(unknown).toEqual(known)
    await queued('reset_password')
    await m.send()
    const mail = await m.smtp.waitForMail('alan@example.org')
    expect(mail.parsed.subject).toBe('Reset your Agora password')
    expect(m.smtp.received).toHaveLength(1)
    const token = tokenOf(m.smtp.linkIn(mail, `${PUBLIC_URL}/reset-password?token=`))

    const short = await sendTo(m.t, null, 'POST /auth/password/reset', {
      json: { token, new_password: 'short' },
    })
    expect(short.statusCode).toBe(400)

    const reset = await sendTo(m.t, null, 'POST /auth/password/reset', {
      json: { token, new_password: 'a brand new passphrase' },
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toMatchObject({ secure_mode: true })
    const cookie = cookieHeader(reset.cookies)
    expect((await me({ cookie })).json()).toMatchObject({ username: 'alan', email_verified: true })
    expect((await me(before)).statusCode).toBe(401)

    const reused = await sendTo(m.t, null, 'POST /auth/password/reset', {
      json: { token, new_password: 'another new passphrase' },
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().detail).toMatch(/already been used/)
    const old = await sendLogin(m.t, { username: 'alan', password: 'correct horse battery' })
    expect(old.statusCode).toBe(401)
    await login('alan', 'a brand new passphrase')
    await passwordChangedMail('alan@example.org')
  })

  it('a reset link expires after 30 minutes', async () => {
    await register('barbara', 'barbara@example.org')
    await forgot('barbara')
    await queued('reset_password')
    const row = await m.t.database.db
      .selectFrom('account_tokens')
      .select(['created_at', 'expires_at'])
      .where('purpose', '=', 'reset_password')
      .executeTakeFirstOrThrow()
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(29 * 60_000)
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000)
  })

  it('limits reset mail per account: past the limit nothing more is sent, and the answer stays the same', async () => {
    await register('mary', 'mary@example.org')
    const limit = m.t.config.mail.resetRateLimit
    for (let i = 0; i < limit; i++) {
      await forgot('mary')
      await queued('reset_password', i + 1)
    }
    expect(await forgot('mary')).toMatchObject({ status: 'accepted' })
    await settled()
    const rows = await m.t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'reset_password')
      .where('to_address', '=', 'mary@example.org')
      .execute()
    expect(rows).toHaveLength(limit)
  })

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const here = await signedUp('hedy')
    const elsewhere = await login('hedy')
    const change = (current_password: string) =>
      sendTo(m.t, null, 'POST /auth/password/change', {
        json: { current_password, new_password: 'frequency hopping' },
        headers: here,
      })
    const wrong = await change('not it at all')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ detail: 'Your current password is not right' })

    const changed = await change('correct horse battery')
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ revoked: 1 })
    expect((await me(here)).statusCode).toBe(200)
    expect((await me(elsewhere)).statusCode).toBe(401)
    await login('hedy', 'frequency hopping')
    await passwordChangedMail('hedy@example.org')
  })

  it('lists where the user is signed in, signs out one, and everywhere else', async () => {
    await register('ida', 'ida@example.org')
    const firefox = await login(
      'ida',
      undefined,
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    )
    const safari = await login(
      'ida',
      undefined,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    )
    const third = await login('ida')
    const list = await sendTo(m.t, null, 'GET /auth/sessions', { headers: firefox })
    expect(list.statusCode).toBe(200)
    const items = list.json().items as { id: string; device: string; current: boolean; ip_prefix: string }[]
    expect(items).toHaveLength(3)
    expect(items.filter((item) => item.current).map((item) => item.device)).toEqual(['Firefox on Linux'])
    expect(items.map((item) => item.device)).toContain('Safari on macOS')
    expect(items[0]?.ip_prefix).toBe('127.0.0.x')

    const safariId = items.find((item) => item.device === 'Safari on macOS')!.id
    const one = await sendTo(m.t, null, 'DELETE /auth/sessions/:id', {
      params: { id: safariId },
      headers: firefox,
    })
    expect(one.statusCode).toBe(200)
    expect((await me(safari)).statusCode).toBe(401)
    const missing = await sendTo(m.t, null, 'DELETE /auth/sessions/:id', {
      params: { id: safariId },
      headers: firefox,
    })
    expect(missing.statusCode).toBe(404)
    const junk = await sendTo(m.t, null, 'DELETE /auth/sessions/:id', {
      params: { id: 'not-an-id' },
      headers: firefox,
    })
    expect(junk.statusCode).toBe(404)

    const others = await sendTo(m.t, null, 'POST /auth/sessions/revoke_others', { headers: firefox })
    expect(others.json()).toMatchObject({ revoked: 1 })
    expect((await me(third)).statusCode).toBe(401)
    expect((await me(firefox)).statusCode).toBe(200)
  })

  it('a mail server that is down delays mail and loses none', async () => {
    m.smtp.down()
    await register('rosalind', 'rosalind@example.org')
    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['retry'])
    const waiting = await m.t.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(waiting.run_after.getTime()).toBeGreaterThan(Date.now())
    expect(waiting.last_error).toBeTruthy()

    m.smtp.resume()
    // Its back-off is over.
    await m.t.database.db.updateTable('mail_outbox').set({ run_after: new Date() }).execute()
    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['sent'])
    await m.smtp.waitForMail('rosalind@example.org')
  })

  it('an address that bounces for good is marked and not mailed again; admins see the failure', async () => {
    m.smtp.refuse('gone@example.org', 550)
    const id = await register('chien', 'gone@example.org')
    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['failed'])
    const headers = await login('chien')
    expect((await me(headers)).json()).toMatchObject({ email_bounced: true, email_verified: false })

    await forgot('chien')
    await settled()
    const queuedRows = await m.t.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', id)
      .execute()
    expect(queuedRows.map((row) => row.kind)).toEqual(['verify_email'])

    const admin = await makeModerator(m.t, 'admin')
    const failed = await sendTo(m.t, admin, 'GET /mail/outbox', { query: { status: 'failed' } })
    expect(failed.statusCode).toBe(200)
    expect(failed.json().items).toEqual([
      expect.objectContaining({
        to: 'gone@example.org',
        kind: 'verify_email',
        last_error: expect.stringMatching(/550|No such user/),
      }),
    ])
    const user = await makeUser(m.t)
    expect((await sendTo(m.t, user, 'GET /mail/outbox')).statusCode).toBe(403)
  })

  it('a delay (4xx) is retried, not a bounce', async () => {
    m.smtp.refuse('busy@example.org', 451)
    await register('busy', 'busy@example.org')
    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['retry'])
    await m.t.database.db.updateTable('mail_outbox').set({ run_after: new Date() }).execute()
    expect((await m.send()).map((sent) => sent.outcome)).toEqual(['sent'])
    const headers = await login('busy')
    expect((await me(headers)).json()).toMatchObject({ email_bounced: false })
  })
})
