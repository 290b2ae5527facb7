import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, HOST, makeUser, ORIGIN, sendLogin, sendTo, urlEncoded } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp, useTestApp } from '../../../test/harness'

const t = useTestApp()

async function register(fields: Record<string, string>) {
  return sendTo(t, null, 'POST /auth/register', { form: urlEncoded(fields) })
}

async function secureLogin(username: string, password: string) {
  const response = await sendTo(t, null, 'POST /auth/token', {
    form: urlEncoded({ username, password, grant_type: 'password' }),
  })
  return { response, cookie: cookieHeader(response.cookies) }
}

/** A new account, signed in in secure mode (the session in a cookie). */
async function registerAndLogin(username: string, password: string) {
  await register({ username, password })
  return secureLogin(username, password)
}

/** A POST from the web app's own origin, carrying the session cookie (secure mode). */
function postWithCookie(key: 'POST /auth/refresh' | 'POST /auth/logout', cookie: string) {
  return sendTo(t, null, key, { headers: { cookie, origin: ORIGIN, host: HOST } })
}

describe(`auth (${TEST_DB})`, () => {
  it('registers with a form body and fills the defaults', async () => {
    const response = await register({ username: 'ada', password: 'analytical engine' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ username: 'ada', message: 'Registration successful' })

    const { cookie } = await secureLogin('ada', 'analytical engine')
    const me = await sendTo(t, null, 'GET /auth/me', { headers: { cookie } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      username: 'ada',
      nickname: 'ada',
      email: '',
      phone: '',
      settings: { public_profile: true, public_posts: true, public_contact: false },
      stats: { posts: 0, comments: 0, likes: 0, activity_level: 'Beginner' },
    })
    expect(me.json()).not.toHaveProperty('password_hash')
  })

  it('refuses a username taken in any letter case with 409', async () => {
    expect((await register({ username: 'Grace', password: 'compiler1952' })).statusCode).toBe(201)
    const again = await register({ username: 'grace', password: 'compiler1952' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ detail: 'That username is already taken' })
  })

  it.each([
    [{ password: 'long enough pw' }, 'username'],
    [{ username: 'nopass' }, 'password'],
    [{ username: 'x'.repeat(21), password: 'long enough pw' }, 'username'],
    [{ username: 'bad name!', password: 'long enough pw' }, 'username'],
    [{ username: 'shortpw', password: 'short' }, 'password'],
    [{ username: 'mail', password: 'long enough pw', email: 'not-an-email' }, 'email'],
  ])('answers 400 with the field for bad registration %o', async (fields, field) => {
    const response = await register(fields as Record<string, string>)
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.detail).toEqual(expect.any(String))
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field)
  })

  it('logs in in secure mode with HttpOnly SameSite cookies and an empty body token', async () => {
    const { response } = await registerAndLogin('linus', 'penguins rule')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      access_token: '',
      token_type: 'bearer',
      expires_in: 900,
      secure_mode: true,
    })
    const access = response.cookies.filter((cookie) => cookie.name === 'agora_access')
    const refresh = response.cookies.find((cookie) => cookie.name === 'agora_refresh')!
    // The access cookie reaches pages too (a post only its author may see is drawn for them); the
    // one an older server set at /api is cleared, or the browser would send it to the API first.
    expect(access).toEqual([
      expect.objectContaining({ value: '', path: '/api', expires: new Date(0) }),
      expect.objectContaining({
        value: expect.stringMatching(/./),
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      }),
    ])
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' })
  })

  it('logs in in compatibility mode with a Bearer token', async () => {
    const user = await makeUser(t)
    const me = await sendTo(t, user, 'GET /auth/me')
    expect(me.statusCode).toBe(200)
    expect(me.json().id).toBe(user.id)
    const verify = await sendTo(t, user, 'GET /auth/verify')
    expect(verify.json()).toMatchObject({ valid: true, user_id: user.id })
  })

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    await register({ username: 'alan', password: 'enigma machine' })
    const wrong = await secureLogin('alan', 'bombe machine')
    const unknown = await secureLogin('nobody', 'enigma machine')
    expect(wrong.response.statusCode).toBe(401)
    expect(unknown.response.statusCode).toBe(401)
    expect(wrong.response.json().detail).toBe('Invalid username or password')
    expect(unknown.response.json().detail).toBe('Invalid username or password')
  })

  it('needs a token for /auth/me and reports invalid ones in /auth/verify', async () => {
    const me = await sendTo(t, null, 'GET /auth/me')
    expect(me.statusCode).toBe(401)
    expect(me.json().detail).toEqual(expect.any(String))
    const verify = await sendTo(t, null, 'GET /auth/verify', {
      headers: { authorization: 'Bearer not.a.token' },
    })
    expect(verify.json()).toEqual({ valid: false })
  })

  it('refuses expired tokens, foreign keys and alg none', async () => {
    const user = await makeUser(t)
    const { sid } = JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString())
    const key = new TextEncoder().encode(t.config.jwtSecret)
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key)
    const foreign = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'))
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: user.id, sid, exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString('base64url')}.`
    for (const token of [expired, foreign, none]) {
      const me = await sendTo(t, null, 'GET /auth/me', { headers: { authorization: `Bearer ${token}` } })
      expect(me.statusCode).toBe(401)
    }
  })

  it('rotates refresh tokens and refuses an old one, revoking the session', async () => {
    const user = await makeUser(t)
    const first = await sendTo(t, null, 'POST /auth/refresh', { json: { refresh_token: user.refreshToken } })
    expect(first.statusCode).toBe(200)
    const next = first.json()
    expect(next.refresh_token).not.toBe(user.refreshToken)
    expect(next.access_token).toEqual(expect.any(String))

    const reused = await sendTo(t, null, 'POST /auth/refresh', { json: { refresh_token: user.refreshToken } })
    expect(reused.statusCode).toBe(401)
    // Reuse of a rotated token is treated as theft: the newest pair dies too.
    const newest = await sendTo(t, null, 'POST /auth/refresh', {
      json: { refresh_token: next.refresh_token },
    })
    expect(newest.statusCode).toBe(401)
    const me = await sendTo(t, null, 'GET /auth/me', {
      headers: { authorization: `Bearer ${next.access_token}` },
    })
    expect(me.statusCode).toBe(401)
  })

  it('refreshes in secure mode from the cookie', async () => {
    const { cookie } = await registerAndLogin('margaret', 'apollo guidance')
    const refreshed = await postWithCookie('POST /auth/refresh', cookie)
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json()).toMatchObject({ secure_mode: true, access_token: '' })
    const me = await sendTo(t, null, 'GET /auth/me', { headers: { cookie: cookieHeader(refreshed.cookies) } })
    expect(me.statusCode).toBe(200)
  })

  it('logout revokes the session: its access token and refresh token stop working', async () => {
    const { cookie } = await registerAndLogin('barbara', 'liskov substitution')
    const logout = await postWithCookie('POST /auth/logout', cookie)
    expect(logout.statusCode).toBe(200)
    const cleared = logout.cookies.filter((c) => c.name === 'agora_access')
    expect(cleared.map((c) => [c.path, c.value]).sort()).toEqual([
      ['/', ''],
      ['/api', ''],
    ])
    const me = await sendTo(t, null, 'GET /auth/me', { headers: { cookie } })
    expect(me.statusCode).toBe(401)
    const refresh = await postWithCookie('POST /auth/refresh', cookie)
    expect(refresh.statusCode).toBe(401)
  })

  it('answers each request for its own session when many are checked at once', async () => {
    const users = await Promise.all([makeUser(t), makeUser(t), makeUser(t), makeUser(t)])
    const gone = users[1]
    const logout = await sendTo(t, gone, 'POST /auth/logout')
    expect(logout.statusCode).toBe(200)
    // Sessions read in one turn of the event loop are checked in one query: every answer must
    // still be about the request's own session.
    const answers = await Promise.all([...users, ...users].map((user) => sendTo(t, user, 'GET /auth/me')))
    answers.forEach((answer, i) => {
      const user = users[i % users.length]
      if (user === gone) expect(answer.statusCode).toBe(401)
      else expect(answer.json()).toMatchObject({ id: user.id, username: user.username })
    })
  })

  it('refuses a cross-site state-changing request that carries the cookie', async () => {
    const { cookie } = await registerAndLogin('dennis', 'unix and c lang')
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, origin: 'https://evil.example', host: HOST },
    })
    expect(evil.statusCode).toBe(403)
    expect(evil.json().detail).toMatch(/Cross-site/)
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } })
    expect(noOrigin.statusCode).toBe(403)
    // The session survived the forged requests.
    const me = await sendTo(t, null, 'GET /auth/me', { headers: { cookie } })
    expect(me.statusCode).toBe(200)
  })

  it('answers unknown API routes with a JSON 404 and bad JSON with 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nope' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toMatch(/No such endpoint/)
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().detail).toEqual(expect.any(String))
    expect(broken.body).not.toMatch(/at .*\.js/)
  })
})

describe(`auth rate limit (${TEST_DB})`, () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '3' })
  })
  afterAll(() => limited.close())

  it('answers 429 with a clear detail after too many login attempts from one IP', async () => {
    const statuses: number[] = []
    let last = ''
    for (let i = 0; i < 5; i++) {
      const response = await sendLogin(limited, { username: 'someone', password: 'wrong password' })
      statuses.push(response.statusCode)
      last = response.body
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    expect(JSON.parse(last).detail).toMatch(/Too many attempts/)
  })
})

describe(`auth rate limit shared through Redis (${TEST_DB})`, () => {
  const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'
  let first: TestApp | undefined
  let second: TestApp | undefined
  let reason = ''
  beforeAll(async () => {
    const { Redis } = await import('ioredis')
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 })
    try {
      await probe.connect()
      await probe.ping()
    } catch (error) {
      reason = `Redis is not reachable at ${redisUrl}: ${(error as Error).message}`
    } finally {
      probe.disconnect()
    }
    if (reason) return
    first = await createTestApp({ AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl })
    second = await createTestApp({ AUTH_RATE_LIMIT: '3', REDIS_URL: redisUrl })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
  })

  it('counts attempts across two server processes', async ({ skip }) => {
    if (reason) {
      console.log(`SKIPPED (shared rate limit): ${reason}`)
      skip(reason)
    }
    // A random client address, so earlier runs' counters in Redis do not interfere.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const attempt = (app: TestApp) =>
      sendLogin(app, { username: 'someone', password: 'wrong password' }, { remoteAddress: ip })
    const statuses = [
      (await attempt(first!)).statusCode,
      (await attempt(second!)).statusCode,
      (await attempt(first!)).statusCode,
      (await attempt(second!)).statusCode,
    ]
    expect(statuses).toEqual([401, 401, 401, 429])
  })
})
