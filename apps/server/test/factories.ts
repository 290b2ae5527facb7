import type { TestApp } from './harness'

export const ORIGIN = 'http://localhost:8080'
export const HOST = 'localhost:8080'
let counter = 0

/** A registered user and a Bearer header for them (compatibility mode). */
export async function makeUser(t: TestApp, overrides: { username?: string; password?: string } = {}) {
  counter += 1
  const username = overrides.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`
  const password = overrides.password ?? 'correct horse battery'
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username, password },
  })
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`)
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: { username, password, secure_mode: false },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  const { access_token, refresh_token } = login.json()
  return {
    id: registered.json().id as string,
    username,
    password,
    token: access_token as string,
    refreshToken: refresh_token as string,
    headers: { authorization: `Bearer ${access_token}` },
  }
}

/** Cookie header from a response's Set-Cookie list, for secure-mode requests. */
export function cookieHeader(cookies: { name: string; value: string }[]) {
  return cookies
    .filter((cookie) => cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ')
}
