// Security headers, CORS and cookie attributes as the real app sends them; cookies are Secure
// behind HTTPS.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, HOST, makeUser, ORIGIN, sendLogin } from '../../test/factories'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'

const PARTNER = 'https://partner.example'
const EVIL = 'https://evil.example'

let t: TestApp
let webDist: string
beforeAll(async () => {
  // A stand-in web build, so the HTML shell's headers can be checked too.
  webDist = mkdtempSync(join(tmpdir(), 'agora-web-'))
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Agora</title><div id="root"></div>')
  t = await createTestApp({ CORS_ORIGINS: PARTNER, TRUST_PROXY: '1', WEB_DIST: webDist })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

function directives(csp: string | undefined) {
  return Object.fromEntries(
    (csp ?? '').split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe(`security headers (${TEST_DB})`, () => {
  it.each([
    ['the HTML shell', '/'],
    ['an API answer', '/api/v1/health'],
    ['an API error', '/api/v1/media/not-a-post'],
    ['a URL the router refuses', '/api/v1/media/%ZZ'],
  ])('sends helmet headers and a CSP without inline scripts on %s', async (_what, url) => {
    const response = await t.app.inject({ url })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    const csp = directives(response.headers['content-security-policy'] as string)
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['frame-ancestors']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(response.headers['content-security-policy']).not.toContain("'unsafe-eval'")
    // Plain HTTP: no HSTS promise.
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    const viaHttps = await t.app.inject({ url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } })
    expect(viaHttps.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/)
    const untrusted = await createTestApp({ TRUST_PROXY: 'false' })
    try {
      const spoofed = await untrusted.app.inject({
        url: '/api/v1/health',
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(spoofed.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await untrusted.close()
    }
  })
})

describe(`CORS (${TEST_DB})`, () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/comments/create',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })

  it('allows a credentialed preflight from a configured origin', async () => {
    const response = await preflight(PARTNER)
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.headers['access-control-allow-methods']).toContain('POST')
  })

  // Preflights allow DELETE and PATCH: @fastify/cors allows only GET, HEAD and POST unless told
  // otherwise, and a partner could not edit or delete a post.
  it.each([
    ['DELETE', '/api/v1/media/p1/delete'],
    ['PATCH', '/api/v1/media/p1'],
    ['PUT', '/api/v1/media/p1'],
  ])('allows a %s preflight from a configured origin', async (method, url) => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: PARTNER,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER)
    const allowed = String(response.headers['access-control-allow-methods']).split(/,\s*/)
    expect(allowed).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    )
    // Still only for the listed origins.
    const other = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: EVIL, 'access-control-request-method': method },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('grants nothing to any other origin', async () => {
    // Without Access-Control-Allow-Origin the browser refuses the call, whatever else is sent.
    const response = await preflight(EVIL)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    const read = await t.app.inject({ url: '/api/v1/health', headers: { origin: EVIL } })
    expect(read.headers['access-control-allow-origin']).toBeUndefined()
    const partnerRead = await t.app.inject({ url: '/api/v1/health', headers: { origin: PARTNER } })
    expect(partnerRead.headers['access-control-allow-origin']).toBe(PARTNER)
  })

  it('lets the same list through the CSRF guard: cookie writes from the partner pass, from others 403', async () => {
    const user = await makeUser(t)
    const login = await sendLogin(t, { username: user.username, password: user.password })
    const cookie = cookieHeader(login.cookies)
    const write = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/modify/modify_title',
        headers: { cookie, origin, host: HOST },
        payload: { user_id: user.id, new_title: 'Cross-origin check' },
      })
    expect((await write(EVIL)).statusCode).toBe(403)
    expect((await write(PARTNER)).statusCode).toBe(200)
    expect((await write(ORIGIN)).statusCode).toBe(200)
  })
})

describe(`cookie attributes (${TEST_DB})`, () => {
  async function loginCookies(headers: Record<string, string>) {
    const user = await makeUser(t)
    const login = await sendLogin(t, { username: user.username, password: user.password }, { headers })
    expect(login.statusCode).toBe(200)
    return login.cookies
  }

  it('are HttpOnly and SameSite=Lax, and Secure when the login came over HTTPS via the proxy', async () => {
    const overHttps = await loginCookies({ 'x-forwarded-proto': 'https' })
    // agora_access twice: the session's, and the clearing of one an older server set at /api.
    expect(overHttps.map((cookie) => cookie.name).sort()).toEqual([
      'agora_access',
      'agora_access',
      'agora_refresh',
    ])
    for (const cookie of overHttps)
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true })
    const overHttp = await loginCookies({})
    for (const cookie of overHttp) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    for (const cookie of overHttp) expect(cookie.secure).toBeFalsy()
  })
})
