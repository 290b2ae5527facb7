/**
 * The one HTTP client of the web app (product-spec §7, §8).
 * - base /api/v1, cookies sent, 30 s time-out, JSON or form-encoded bodies (or FormData for files);
 * - answers are unwrapped to their body; failures throw `ApiError` with the server's `{detail, code, errors}`;
 * - 401: in secure mode the session is refreshed once (shared across concurrent calls and tabs) and the
 *   call retried; if that fails, or in compatibility mode, the session is cleared and need-login raised.
 *
 *   const post = await call('GET /media/:id', { params: { id }, signal })
 *   await call('POST /auth/register', { form: { username, password } })
 */
import type {
  AnswerOf,
  Api,
  ApiKey,
  BodyOf,
  Endpoint,
  ErrorResponse,
  ParamsOf,
  QueryOf,
  TokenResponse,
} from '@agora/contract'
import { endpointParts, endpointPath } from '@agora/contract/endpoint'
import { endSession, getAuth, saveLogin, sessionRenewed } from './session'

export const API_BASE = '/api/v1'
export const API_TIMEOUT_MS = 30_000
/** A secure-mode session is renewed this long before its access token runs out. */
const REFRESH_AHEAD_MS = 30_000

export type ApiErrorCode = string | 'network' | 'timeout'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    /** HTTP status; 0 when no answer came (network failure or time-out). */
    readonly status: number,
    /** The server's sentence for people (`detail`), or a short English description of the failure. */
    readonly detail: string,
    readonly code: ApiErrorCode,
    readonly errors: ErrorResponse['errors'] = undefined,
    /** The whole answer, for the few that say more than `detail` (an edit conflict's `current`). */
    readonly body: unknown = undefined,
  ) {
    super(detail)
  }

  /** The values the refusal's words take (a wait in seconds, a limit, a time as ISO), as the server sent them. */
  get params(): Record<string, string | number> | undefined {
    return (this.body as { params?: Record<string, string | number> } | undefined)?.params
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

/** A 409 from an edit whose base revision is no longer current; its body holds `current`. */
export function isEditConflict(error: unknown): error is ApiError & { body: { current: unknown } } {
  return (
    isApiError(error, 409) &&
    error.code === 'edit_conflict' &&
    !!(error.body as { current?: unknown })?.current
  )
}

type Scalar = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Query parameters; null/undefined are left out. */
  query?: Record<string, Scalar>
  /** Form-encoded body (the spec's default); null/undefined fields are left out. */
  form?: Record<string, Scalar>
  json?: unknown
  /** Multipart body (file uploads). */
  formData?: FormData
  signal?: AbortSignal
  headers?: Record<string, string>
  /**
   * How a 401 is handled. 'default': refresh/retry, then end the session and raise need-login.
   * 'silent': same, but never raise need-login (background checks). 'none': no special handling
   * (the auth calls themselves).
   */
  unauthorized?: 'default' | 'silent' | 'none'
}

/**
 * An API path with its query as the client sends it (null/undefined left out), without API_BASE: the
 * name an early answer goes by (api/early.ts).
 *
 *   apiPath('/media/list', { limit: 12, search: undefined }) // '/media/list?limit=12'
 */
export function apiPath(path: string, query: RequestOptions['query']): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value != null) params.append(key, String(value))
  const text = params.toString()
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path
}

function bodyOf(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.formData) return { body: options.formData }
  if (options.json !== undefined)
    return { body: JSON.stringify(options.json), contentType: 'application/json' }
  if (options.form) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(options.form))
      if (value != null) params.append(key, String(value))
    return { body: params, contentType: 'application/x-www-form-urlencoded' }
  }
  return {}
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  const { body, contentType } = bodyOf(options)
  if (contentType) headers.set('Content-Type', contentType)
  const auth = getAuth()
  if (auth?.mode === 'compat' && auth.token) headers.set('Authorization', `Bearer ${auth.token}`)
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  try {
    return await fetch(`${API_BASE}${apiPath(path, options.query)}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal,
    })
  } catch (error) {
    // The caller's own abort passes through untouched (TanStack Query cancels that way).
    if (options.signal?.aborted) throw error
    if (timeout.aborted) throw new ApiError(0, 'The server did not answer in time', 'timeout')
    throw new ApiError(0, 'Could not reach the server', 'network')
  }
}

async function bodyOrNothing(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await bodyOrNothing(response).catch(() => undefined)) as
    | Partial<ErrorResponse>
    | string
    | undefined
  if (body && typeof body === 'object' && typeof body.detail === 'string') {
    return new ApiError(
      response.status,
      body.detail,
      body.code ?? `http_${response.status}`,
      body.errors,
      body,
    )
  }
  return new ApiError(
    response.status,
    response.statusText || `Request failed (${response.status})`,
    `http_${response.status}`,
  )
}

let refreshing: Promise<boolean> | null = null

/**
 * Renews a secure-mode session through POST /auth/refresh. Concurrent callers share one call, and a
 * Web Lock keeps two tabs from presenting the same refresh token (the server treats reuse as theft).
 * Resolves false when the session cannot be renewed.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= renew().finally(() => {
    refreshing = null
  })
  return refreshing
}

async function renew(): Promise<boolean> {
  const seen = getAuth()?.expiresAt ?? 0
  const attempt = async () => {
    const auth = getAuth()
    if (auth?.mode !== 'secure') return false
    // Another tab renewed the session while we waited for the lock: its cookies are ours too.
    if (auth.expiresAt > seen && auth.expiresAt - Date.now() > REFRESH_AHEAD_MS) return true
    let response: Response
    try {
      response = await send('/auth/refresh', { method: 'POST', unauthorized: 'none' })
    } catch {
      return false
    }
    if (!response.ok) return false
    const stored = saveLogin((await response.json()) as TokenResponse)
    sessionRenewed(stored.expiresAt)
    return true
  }
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return locks ? locks.request('agora-auth-refresh', attempt) : attempt()
}

/** Makes a call and unwraps the answer's body; throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const handling = options.unauthorized ?? 'default'
  let auth = getAuth()
  // An access token known to be (nearly) out is renewed first, sparing a 401 round trip.
  if (handling !== 'none' && auth?.mode === 'secure' && auth.expiresAt - Date.now() < REFRESH_AHEAD_MS) {
    if (!(await refreshSession())) {
      endSession(handling === 'default' ? 'refresh-failed' : undefined)
      auth = null
    }
  }
  let response = await send(path, options)
  if (response.status === 401 && handling !== 'none') {
    auth = getAuth()
    if (auth?.mode === 'secure' && (await refreshSession())) response = await send(path, options)
    if (response.status === 401) endSession(handling === 'default' ? 'unauthorized' : undefined)
  }
  if (!response.ok) throw await toApiError(response)
  return (await bodyOrNothing(response)) as T
}

type ParamsInput<K extends ApiKey> = keyof ParamsOf<K> extends never ? unknown : { params: ParamsOf<K> }
type QueryInput<E extends Endpoint> = E extends { query: object } ? { query?: QueryOf<E> } : unknown
type Sent<Name extends string, Value, Optional> = Optional extends true
  ? { [K in Name]?: Value | null }
  : { [K in Name]: Value }
type BodyInput<E extends Endpoint> = E extends { bodyAs: 'multipart' }
  ? { formData: FormData }
  : E extends { body: object }
    ? Sent<
        E extends { bodyAs: 'form' } ? 'form' : 'json',
        BodyOf<E>,
        E extends { bodyOptional: true } ? true : false
      >
    : unknown

/** What a call to endpoint K sends: its path's params, its query and its body, as the contract types them. */
export type CallInput<K extends ApiKey> = ParamsInput<K> &
  QueryInput<Api[K]> &
  BodyInput<Api[K]> &
  Pick<RequestOptions, 'signal' | 'headers' | 'unauthorized'>

type Callable<K extends ApiKey> = keyof ParamsOf<K> extends never
  ? Api[K] extends { body: object } | { bodyAs: 'multipart' }
    ? [input: CallInput<K>]
    : [input?: CallInput<K>]
  : [input: CallInput<K>]

/**
 * Calls the contract's endpoint `key` (`'POST /follows'`) and answers what it documents; throws
 * ApiError. The path, the method and the shapes come from the one API table (packages/contract).
 */
export function call<K extends ApiKey>(key: K, ...[input]: Callable<K>): Promise<AnswerOf<Api[K]>> {
  const { method, path } = endpointParts(key)
  const { params, ...options } = (input ?? {}) as RequestOptions & { params?: Record<string, string> }
  return apiRequest(endpointPath(path, params), { ...options, method })
}

type PathInput<K extends ApiKey> = ParamsInput<K> & QueryInput<Api[K]>

/**
 * The path (with its query, without API_BASE) endpoint `key` is called at: for a link, an event
 * stream, an upload with progress, or the name an early answer goes by.
 */
export function callPath<K extends ApiKey>(
  key: K,
  ...[input]: keyof ParamsOf<K> extends never ? [input?: PathInput<K>] : [input: PathInput<K>]
): string {
  const { path } = endpointParts(key)
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string>
    query?: RequestOptions['query']
  }
  return apiPath(endpointPath(path, params), query)
}
