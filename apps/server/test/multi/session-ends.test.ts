import { randomBytes } from 'node:crypto'
import type { ApiKey } from '@agora/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { type Sent, sendTo } from '../factories'
import { noteSkippedOnPglite, TEST_DB, type TestApp, useAppsOnPostgres } from '../harness'

/**
 * A session ended through one process is refused by the other from the moment the first answered:
 * the old token, as a cookie or as a Bearer header, sent to B right after A's answer. Two apps on
 * one PostgreSQL database, as two processes hold them (each its own memory and listener). Every
 * sign-in is made on B, so nothing B hears later makes it forget the sessions it remembers: only
 * the ending itself can.
 */
noteSkippedOnPglite('Session-end test skipped: it needs TEST_DB=postgres (two processes on one database)')

const PASSWORD = 'correct horse battery staple'
/** Requests sent to B at once, each way, right after A's answer: any one served fails the test. */
const PROBES = 4

describe.runIf(TEST_DB === 'postgres')('a session ended on one process, refused by the other at once', () => {
  // Sessions' answers kept for a minute.
  const {
    apps: [first, second],
  } = useAppsOnPostgres(2, { READ_CACHE_MS: '60000', ANALYSIS_WORKERS: '0' })

  const call = async (on: TestApp, key: ApiKey, sent: Sent = {}) => {
    const answer = await sendTo(on, null, key, sent)
    return { status: answer.statusCode, body: (answer.body ? answer.json() : {}) as Record<string, unknown> }
  }
  const a = () => first
  const b = () => second

  const register = async () => {
    const username = `u_${randomBytes(4).toString('hex')}`
    const created = await call(b(), 'POST /auth/register', { json: { username, password: PASSWORD } })
    expect(created.status).toBe(201)
    return { id: String(created.body.id), username }
  }
  /** A new session on B (compatibility mode: the access token in the body). */
  const signIn = async (username: string) => {
    const login = await call(b(), 'POST /auth/token', {
      json: { username, password: PASSWORD, secure_mode: false },
    })
    expect(login.status).toBe(200)
    return String(login.body.access_token)
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  // A cookie write must come from the site itself (CSRF guard): B's own origin.
  const cookie = (token: string) => ({
    cookie: `agora_access=${token}`,
    origin: 'http://localhost',
    host: 'localhost',
  })

  /** B answers the token, both ways, 200: what it learnt of the session is remembered. */
  const rememberedOnB = async (token: string) => {
    for (const headers of [bearer(token), cookie(token)])
      expect((await call(b(), 'GET /auth/me', { headers })).status).toBe(200)
  }
  /** A new user's two sessions, the second remembered on B. */
  const twoSessions = async () => {
    const { username } = await register()
    const here = await signIn(username)
    const there = await signIn(username)
    await rememberedOnB(there)
    return { here, there }
  }
  /** Calls `key` on B PROBES times with the token as a Bearer header and as a cookie, all at once. */
  const probeB = (token: string, key: ApiKey, sent: Sent = {}) =>
    Promise.all(
      Array.from({ length: PROBES }, () => [bearer(token), cookie(token)])
        .flat()
        .map(async (headers) => (await call(b(), key, { ...sent, headers })).status),
    )

  it('a logout on A: the token is refused by B at once', async () => {
    const ada = await register()
    const token = await signIn(ada.username)
    await rememberedOnB(token)
    expect((await call(a(), 'POST /auth/logout', { headers: bearer(token) })).status).toBe(200)
    expect(await probeB(token, 'GET /auth/me')).toEqual(Array(2 * PROBES).fill(401))
  })

  it('a session signed out from the sessions list on A: refused by B at once', async () => {
    const { here, there } = await twoSessions()
    const listed = await call(a(), 'GET /auth/sessions', { headers: bearer(here) })
    const others = (listed.body.items as { id: string; current: boolean }[]).filter((item) => !item.current)
    expect(others).toHaveLength(1)
    const revoked = await call(a(), 'DELETE /auth/sessions/:id', {
      params: { id: others[0].id },
      headers: bearer(here),
    })
    expect(revoked.status).toBe(200)
    expect(await probeB(there, 'GET /auth/me')).toEqual(Array(2 * PROBES).fill(401))
  })

  it("a password changed on A: the other sessions' tokens are refused by B at once", async () => {
    const { here, there } = await twoSessions()
    const changed = await call(a(), 'POST /auth/password/change', {
      headers: bearer(here),
      json: { current_password: PASSWORD, new_password: 'another long enough passphrase' },
    })
    expect(changed.status).toBe(200)
    expect(await probeB(there, 'GET /auth/me')).toEqual(Array(2 * PROBES).fill(401))
  })

  it("a suspension on A: the user's writes are refused by B at once", async () => {
    const ada = await register()
    const moderator = await register()
    await sql`update users set role = 'moderator' where id = ${moderator.id}`.execute(first.database.db)
    const modToken = await signIn(moderator.username)
    const token = await signIn(ada.username)
    await rememberedOnB(token)
    const suspended = await call(a(), 'POST /mod/users/:id/suspend', {
      params: { id: ada.id },
      headers: bearer(modToken),
      json: { until: new Date(Date.now() + 86_400_000).toISOString(), reason: 'Spam' },
    })
    expect(suspended.status).toBe(200)
    // An empty comment: 400 to a user in good standing, 403 before validation to a suspended one.
    expect(await probeB(token, 'POST /comments/create', { json: {} })).toEqual(Array(2 * PROBES).fill(403))
  })
})
