/**
 * Authentication calls (product-spec §7 "Authentication", §4 "Login and register", §8).
 * Screens use the hooks (features/auth/useAuthActions.ts, app/useSession.ts, app/useLogout.ts), not these.
 */
import type { MeResponse, TokenResponse, VerifyResponse } from '@agora/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from './client'
import { endSession, rememberMe, saveLogin } from './session'

export interface Credentials {
  username: string
  password: string
}

export interface Registration extends Credentials {
  email?: string
  phone?: string
}

/** POST /auth/token (OAuth2 password form) in secure mode; stores the session marker. */
export async function login({ username, password }: Credentials): Promise<TokenResponse> {
  try {
    const answer = await call('POST /auth/token', {
      form: { username, password, grant_type: 'password', secure_mode: true },
      unauthorized: 'none',
    })
    saveLogin(answer)
    return answer
  } catch (error) {
    // A failed login leaves no half session behind.
    endSession()
    throw error
  }
}

/** GET /auth/me. Caches the basic info of the user it returns. */
export async function fetchMe(options: { signal?: AbortSignal; silent?: boolean } = {}): Promise<MeResponse> {
  const me = await call('GET /auth/me', {
    signal: options.signal,
    unauthorized: options.silent ? 'silent' : 'default',
  })
  rememberMe(me)
  return me
}

/** Login, then the current user: what the login form does. */
export async function signIn(credentials: Credentials): Promise<MeResponse> {
  await login(credentials)
  return fetchMe()
}

/** POST /auth/register (form), then login, then the current user (spec §4). */
export async function signUp({ username, password, email, phone }: Registration): Promise<MeResponse> {
  await call('POST /auth/register', {
    form: { username, password, email: email || undefined, phone: phone || undefined },
    unauthorized: 'none',
  })
  return signIn({ username, password })
}

/** POST /auth/logout. Never fails: local state is cleared whether or not the call succeeds (spec §8). */
export async function logout(): Promise<void> {
  try {
    await call('POST /auth/logout', { unauthorized: 'none' })
  } catch (error) {
    console.warn('Logout call failed; signed out locally', error)
  } finally {
    endSession()
  }
}

/** GET /auth/verify: is the cookie session valid right now? */
export function verify(signal?: AbortSignal): Promise<VerifyResponse> {
  return call('GET /auth/verify', { signal, unauthorized: 'none' })
}

/** GET /auth/methods, asked once a visit: which ways to sign in this site has (ORCID only when configured). */
export const signInMethodsQuery = queryOptions({
  queryKey: ['auth', 'methods'],
  queryFn: ({ signal }) => call('GET /auth/methods', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
})

/** DELETE /auth/me/orcid: the linked iD unlinked (refused while it is the only way to sign in). */
export function unlinkOrcid() {
  return call('DELETE /auth/me/orcid')
}
