import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import Provider from 'oidc-provider'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cookieHeader, HOST, makeUser, ORIGIN, sendTo } from '../../../test/factories'
import { createTestApp, TEST_DB, type TestApp, withSecondApp } from '../../../test/harness'
import { loadConfig } from '../../config'

const CLIENT = { id: 'APP-AGORATEST0001', secret: 'a-client-secret-of-the-test' }
const CALLBACK = `${ORIGIN}/api/v1/auth/orcid/callback`
const CARBERRY = '0000-0002-1825-0097'
const PEOPLE: Record<string, { given_name: string; family_name: string }> = {
  [CARBERRY]: { given_name: 'Josiah', family_name: 'Carberry' },
  '0000-0001-5109-3700': { given_name: 'Josiah', family_name: 'Carberry' },
  '0000-0002-9079-593X': { given_name: 'Émilie', family_name: 'du Châtelet' },
}

/** Claims the provider's token endpoint rewrites in the id token, re-signed with `key`. */
let tamper: { claims: JWTPayload; key?: CryptoKey } | null = null

/** An OpenID provider speaking as ORCID does, on 127.0.0.1, with oidc-provider's own login and consent pages. */
async function startProvider() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [CALLBACK],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'orcid-test', alg: 'RS256', use: 'sig' }] },
    // ORCID puts the names in the id token itself.
    claims: { openid: ['sub', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...PEOPLE[sub] }) }),
    cookies: { keys: ['orcid-test-cookies'] },
  })
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: string } | undefined
    if (ctx.path !== '/token' || !tamper || !body?.id_token) return
    const claims = { ...decodeJwt(body.id_token), ...tamper.claims }
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'orcid-test' })
      .sign(tamper.key ?? privateKey)
    ctx.body = { ...body, id_token: idToken }
  })
  server.on('request', provider.callback())
  return { issuer, server }
}

/** The provider's side of a sign-in, as a browser goes through it: its cookies, its login and consent forms. */
async function atProvider(authorizeUrl: string, orcid: string): Promise<string> {
  const jar = new Map<string, string>()
  let url = authorizeUrl
  let form: URLSearchParams | null = null
  for (let hop = 0; hop < 20; hop++) {
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value)
      else jar.delete(name)
    }
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      form = null
      if (url.startsWith(CALLBACK)) return url
      continue
    }
    const page: string = await response.text()
    const prompt: string | undefined = /name="prompt" value="(\w+)"/.exec(page)?.[1]
    if (!prompt) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`)
    form = new URLSearchParams({ prompt, login: orcid, password: 'any' })
  }
  throw new Error('the provider never sent the browser back')
}

let t: TestApp
let provider: Awaited<ReturnType<typeof startProvider>>

beforeAll(async () => {
  provider = await startProvider()
  t = await createTestApp({
    ORCID_CLIENT_ID: CLIENT.id,
    ORCID_CLIENT_SECRET: CLIENT.secret,
    ORCID_BASE_URL: provider.issuer,
  })
})
afterEach(async () => {
  tamper = null
  await t.reset()
})
afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => (provider.server as Server).close(resolve))
})

/** start → ORCID's login and consent → callback, as `orcid`; the callback's answer. */
async function signInWithOrcid(
  orcid: string,
  options: { headers?: Record<string, string>; next?: string; state?: string } = {},
) {
  const start = await sendTo(t, null, 'GET /auth/orcid/start', {
    headers: options.headers,
    query: { next: options.next },
  })
  expect(start.statusCode, start.body).toBe(302)
  const back = new URL(await atProvider(String(start.headers.location), orcid))
  if (options.state) back.searchParams.set('state', options.state)
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { ...options.headers, cookie: cookieHeader(start.cookies) },
  })
}

async function meWith(headers: Record<string, string>) {
  const me = await sendTo(t, null, 'GET /auth/me', { headers })
  expect(me.statusCode, me.body).toBe(200)
  return me.json()
}

const sessionOf = (response: Awaited<ReturnType<typeof signInWithOrcid>>) => ({
  cookie: cookieHeader(response.cookies.filter((cookie) => cookie.name !== 'agora_orcid')),
})

/** Where a refused callback sends the browser: the sign-in screen, with the refusal's code. */
const refusalOf = (answer: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(answer.statusCode).toBe(302)
  const to = new URL(String(answer.headers.location), 'http://agora.test')
  expect(to.pathname).toBe('/login')
  return to.searchParams.get('orcid_error')
}

describe(`sign in with ORCID (${TEST_DB})`, () => {
  it('makes a new visitor an account named after them, signed in, and signs them in to it again', async () => {
    const first = await signInWithOrcid(CARBERRY, { next: '/mypage?tab=posts' })
    expect(first.statusCode, first.body).toBe(302)
    expect(first.headers.location).toBe('/mypage?tab=posts')
    const me = await meWith(sessionOf(first))
    expect(me).toMatchObject({ username: 'josiah.carberry', nickname: 'Josiah Carberry' })
    expect(me).toMatchObject({ orcid: CARBERRY, orcid_verified: true })

    const again = await signInWithOrcid(CARBERRY, { next: 'https://evil.example/' })
    expect(again.headers.location).toBe('/')
    expect((await meWith(sessionOf(again))).id).toBe(me.id)

    // Another Josiah Carberry gets the next free name; accents go from the name.
    const namesake = await signInWithOrcid('0000-0001-5109-3700')
    expect((await meWith(sessionOf(namesake))).username).toBe('josiah.carberry2')
    const emilie = await signInWithOrcid('0000-0002-9079-593X')
    expect((await meWith(sessionOf(emilie))).username).toBe('emilie.du.chatelet')
  })

  it('links the iD to a signed-in account, once, and to one account only', async () => {
    const ada = await makeUser(t)
    const linked = await signInWithOrcid(CARBERRY, { headers: ada.headers, next: '/settings' })
    expect(linked.statusCode, linked.body).toBe(302)
    expect(linked.headers.location).toBe('/settings')
    expect(await meWith(ada.headers)).toMatchObject({ orcid: CARBERRY, orcid_verified: true })
    const profile = await sendTo(t, null, 'GET /auth/person_information', { query: { user_id: ada.id } })
    expect(profile.json()).toMatchObject({ orcid: CARBERRY, orcid_verified: true })

    // Signing in with it now is signing in to Ada's account.
    const signIn = await signInWithOrcid(CARBERRY)
    expect((await meWith(sessionOf(signIn))).id).toBe(ada.id)

    const grace = await makeUser(t)
    const taken = await signInWithOrcid(CARBERRY, { headers: grace.headers })
    expect(refusalOf(taken)).toBe('orcid_taken')
    const second = await signInWithOrcid('0000-0001-5109-3700', { headers: ada.headers })
    expect(refusalOf(second)).toBe('orcid_already_linked')
  })

  it('refuses a state it did not give, and a callback with no sign-in started', async () => {
    const tampered = await signInWithOrcid(CARBERRY, { state: 'not-the-state-it-gave' })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json()).toMatchObject({ code: 'orcid_state_invalid' })
    const cold = await sendTo(t, null, 'GET /auth/orcid/callback', { query: { code: 'x', state: 'y' } })
    expect(cold.statusCode).toBe(400)
    expect(cold.json()).toMatchObject({ code: 'orcid_state_invalid' })
  })

  it.each([
    ['a nonce of another sign-in', { nonce: 'another-nonce' }],
    ['another audience', { aud: 'APP-SOMEONEELSE' }],
    ['another issuer', { iss: 'https://orcid.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 600 }],
  ])('refuses an id token with %s', async (_what, claims) => {
    tamper = { claims }
    const refused = await signInWithOrcid(CARBERRY)
    expect(refusalOf(refused)).toBe('orcid_refused')
    expect(refused.cookies.find((cookie) => cookie.name === 'agora_access')).toBeUndefined()
  })

  it('refuses an id token signed with a key not in the provider JWKS', async () => {
    tamper = { claims: {}, key: (await generateKeyPair('RS256')).privateKey }
    const refused = await signInWithOrcid(CARBERRY)
    expect(refusalOf(refused)).toBe('orcid_refused')
  })

  it('unlinks, but not the only way an account signs in', async () => {
    const session = sessionOf(await signInWithOrcid(CARBERRY))
    const headers = { ...session, origin: ORIGIN, host: HOST }
    const refused = await sendTo(t, null, 'DELETE /auth/me/orcid', { headers })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'orcid_only_sign_in' })

    const ada = await makeUser(t)
    expect((await sendTo(t, ada, 'DELETE /auth/me/orcid')).json()).toMatchObject({ code: 'orcid_not_linked' })
    await signInWithOrcid('0000-0001-5109-3700', { headers: ada.headers })
    const unlinked = await sendTo(t, ada, 'DELETE /auth/me/orcid')
    expect(unlinked.statusCode, unlinked.body).toBe(200)
    expect(await meWith(ada.headers)).toMatchObject({ orcid: '0000-0001-5109-3700', orcid_verified: false })
  })

  it('is off, and says so, without its settings', async () => {
    expect((await sendTo(t, null, 'GET /auth/methods')).json()).toEqual({ password: true, orcid: true })
    await withSecondApp(t, {}, async (off) => {
      const start = await sendTo(off, null, 'GET /auth/orcid/start')
      expect(start.statusCode).toBe(404)
      expect(start.json()).toMatchObject({ code: 'orcid_off' })
      expect((await sendTo(off, null, 'GET /auth/methods')).json()).toEqual({ password: true, orcid: false })
    })
  })

  it('takes https only, but for a loopback test server', () => {
    const env = { DATA_DIR: t.config.dataDir, ORCID_CLIENT_ID: CLIENT.id, ORCID_CLIENT_SECRET: 'x' }
    expect(loadConfig(env).orcid?.baseUrl).toBe('https://orcid.org')
    expect(() => loadConfig({ ...env, ORCID_BASE_URL: 'http://orcid.example' })).toThrow(/https/)
    expect(() => loadConfig({ ...env, ORCID_CLIENT_SECRET: '' })).toThrow(/together/)
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).orcid).toBeNull()
  })
})
