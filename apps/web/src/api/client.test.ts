import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browserSession, endSession, getAuth, saveLogin } from '../app/authState'
import { appEvents } from '../app/events'
import { ApiError, apiRequest, call, callPath } from './client'
import { configureSession } from './session'

// The client in Node, with the app's session installed as main.tsx does: authState falls back to in-memory storage, fetch is stubbed per test.

interface Call {
  url: string
  method: string
  headers: Headers
  body: unknown
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function stubFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body }
      calls.push(call)
      return answer(call)
    }),
  )
  return calls
}

const refreshed = { access_token: '', token_type: 'bearer' as const, expires_in: 900, secure_mode: true }
let needLogin: string[]
let offNeedLogin: () => void

configureSession(browserSession)

beforeEach(() => {
  endSession()
  needLogin = []
  offNeedLogin = appEvents.on('need-login', ({ reason }) => needLogin.push(reason))
})

afterEach(() => {
  offNeedLogin()
  vi.unstubAllGlobals()
})

describe('api client', () => {
  it('sends cookies, query and form bodies under /api/v1, and unwraps JSON answers', async () => {
    const calls = stubFetch(() => json(200, { ok: true }))
    await expect(
      apiRequest('/media/list', {
        method: 'POST',
        query: { limit: 12, skip: undefined },
        form: { a: 'x y', b: null },
      }),
    ).resolves.toEqual({
      ok: true,
    })
    expect(calls[0].url).toBe('/api/v1/media/list?limit=12')
    expect(calls[0].method).toBe('POST')
    expect(calls[0].headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(String(calls[0].body)).toBe('a=x+y')
    const init = vi.mocked(fetch).mock.calls[0][1] as RequestInit
    expect(init.credentials).toBe('include')
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it("calls an endpoint by the contract's name: its method, its path with params filled in, its body", async () => {
    const calls = stubFetch(() => json(200, { likes: 1, is_liked: true, action: 'liked' }))
    await call('POST /media/:id/like', { params: { id: 'a b/c' }, json: { action: 'like' } })
    expect(calls[0]).toMatchObject({ url: '/api/v1/media/a%20b%2Fc/like', method: 'POST' })
    expect(calls[0].headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(String(calls[0].body))).toEqual({ action: 'like' })
    await call('POST /auth/token', {
      form: { username: 'ada', password: 'pw', grant_type: 'password' },
      unauthorized: 'none',
    })
    expect(calls[1].headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(
      callPath('GET /comments/post/:id', { params: { id: 'p' }, query: { skip: 0, limit: undefined } }),
    ).toBe('/comments/post/p?skip=0')
  })

  it("throws ApiError carrying the server's detail, code and field errors", async () => {
    stubFetch(() =>
      json(409, {
        detail: 'That username is already taken',
        code: 'conflict',
        errors: [{ field: 'username', message: 'is already taken' }],
      }),
    )
    const error = await apiRequest<never>('/auth/register', {
      method: 'POST',
      form: {},
      unauthorized: 'none',
    }).catch((e: unknown) => e as ApiError)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, detail: 'That username is already taken', code: 'conflict' })
    expect(error.errors).toHaveLength(1)
  })

  it('turns a network failure into ApiError status 0', async () => {
    stubFetch(() => {
      throw new TypeError('fetch failed')
    })
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 0, code: 'network' })
  })

  it('in secure mode refreshes once on 401 and retries the call', async () => {
    saveLogin({ ...refreshed, expires_in: 600 })
    const before = getAuth()!.expiresAt
    let meCalls = 0
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/auth/refresh')) return json(200, { ...refreshed, expires_in: 900 })
      meCalls += 1
      return meCalls === 1 ? json(401, { detail: 'Please login first' }) : json(200, { username: 'ada' })
    })
    await expect(apiRequest('/auth/me')).resolves.toEqual({ username: 'ada' })
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/auth/me',
      '/api/v1/auth/refresh',
      '/api/v1/auth/me',
    ])
    expect(getAuth()!.expiresAt).toBeGreaterThan(before)
    expect(needLogin).toEqual([])
  })

  it('shares one refresh between concurrent 401s', async () => {
    saveLogin(refreshed)
    const seen = new Set<string>()
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/auth/refresh')) return json(200, refreshed)
      if (seen.has(call.url)) return json(200, { url: call.url })
      seen.add(call.url)
      return json(401, { detail: 'expired' })
    })
    await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')])
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1)
  })

  it('ends the session and raises need-login when the refresh fails', async () => {
    saveLogin(refreshed)
    stubFetch(() => json(401, { detail: 'Session expired, please login again' }))
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 })
    expect(getAuth()).toBeNull()
    expect(needLogin).toEqual(['unauthorized'])
  })

  it('renews an expired secure marker before the call, sparing the 401', async () => {
    saveLogin({ ...refreshed, expires_in: -60 })
    const calls = stubFetch((call) =>
      call.url.endsWith('/auth/refresh') ? json(200, refreshed) : json(200, {}),
    )
    await apiRequest('/auth/me')
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/auth/me'])
  })

  it('in compatibility mode sends the Bearer token and on 401 clears it without refreshing', async () => {
    saveLogin({ access_token: 'jwt-1', token_type: 'bearer', expires_in: 900, secure_mode: false } as const)
    const calls = stubFetch(() => json(401, { detail: 'Please login first' }))
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(1)
    expect(calls[0].headers.get('authorization')).toBe('Bearer jwt-1')
    expect(getAuth()).toBeNull()
    expect(needLogin).toEqual(['unauthorized'])
  })

  it('silent calls end the session without raising need-login', async () => {
    saveLogin(refreshed)
    stubFetch(() => json(401, { detail: 'Please login first' }))
    await expect(apiRequest('/auth/me', { unauthorized: 'silent' })).rejects.toBeInstanceOf(ApiError)
    expect(getAuth()).toBeNull()
    expect(needLogin).toEqual([])
  })

  it('a 401 for a visitor without a session raises need-login (the login modal opens)', async () => {
    stubFetch(() => json(401, { detail: 'Please login first' }))
    await expect(apiRequest('/media/1/like', { method: 'POST' })).rejects.toMatchObject({ status: 401 })
    expect(needLogin).toEqual(['unauthorized'])
  })
})
