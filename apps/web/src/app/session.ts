/**
 * Session and cached-user storage (product-spec §3 "Cached basic user info", §4 "Authentication modes").
 * Pure functions over a `Storage`, so they run in unit tests; src/app/authState.ts binds them to the
 * browser's localStorage/sessionStorage and to the event bus.
 *
 * - Secure mode: the token is an HttpOnly cookie; localStorage keeps only `auth_mode` and `token_expiry`.
 * - Compatibility mode: `access_token` and `token_expiry` in localStorage, sent as a Bearer header.
 * - `user_basic_info` (sessionStorage): id, username, avatar, publicProfile, stats, timestamp; 8 h lifetime.
 */
import type { MeResponse, TokenResponse } from '@agora/contract'
import type { StoredAuth } from '../api/session'

export const AUTH_MODE_KEY = 'auth_mode'
export const TOKEN_EXPIRY_KEY = 'token_expiry'
export const ACCESS_TOKEN_KEY = 'access_token'
export const USER_INFO_KEY = 'user_basic_info'
/** Kept in localStorage for code that only needs "who am I" synchronously (e.g. own-comment checks). */
export const USER_ID_KEY = 'userId'
export const USERNAME_KEY = 'username'
export const USER_AVATAR_KEY = 'userAvatar'
/** Own-page (/mypage) caches in localStorage use keys with this prefix; they are cleared with the session. */
export const MYPAGE_CACHE_PREFIX = 'mypage_'

export const USER_INFO_TTL_MS = 8 * 60 * 60 * 1000
export const EXPIRY_WARNING_MS = 5 * 60 * 1000

export type { StoredAuth }

export type TokenStatus = 'valid' | 'expiring' | 'expired'

export interface BasicUserInfo {
  id: string
  username: string
  /** Their nickname, else their username: how the header names them. Older caches lack it. */
  displayName?: string
  avatar: string
  publicProfile: boolean
  stats: { posts: number; comments: number; likes: number; activity_level: string }
  /** Epoch milliseconds when cached. */
  timestamp: number
}

/** The stored session marker, or null when there is none or it is malformed. Does not look at the clock. */
export function readAuth(storage: Storage): StoredAuth | null {
  const mode = storage.getItem(AUTH_MODE_KEY)
  const expiresAt = Number(storage.getItem(TOKEN_EXPIRY_KEY))
  if ((mode !== 'secure' && mode !== 'compat') || !Number.isFinite(expiresAt) || expiresAt <= 0) return null
  const token = mode === 'compat' ? storage.getItem(ACCESS_TOKEN_KEY) : null
  if (mode === 'compat' && !token) return null
  return { mode, expiresAt, token }
}

export function tokenStatus(auth: StoredAuth, now: number): TokenStatus {
  const left = auth.expiresAt - now
  if (left <= 0) return 'expired'
  return left < EXPIRY_WARNING_MS ? 'expiring' : 'valid'
}

/**
 * The usable session marker at `now`. An expired compatibility token is useless and is cleared here.
 * An expired secure-mode marker is kept: the refresh cookie (30 days) renews it, so the API client
 * refreshes before its next call instead of logging the user out every 15 minutes.
 */
export function currentAuth(storage: Storage, now: number): StoredAuth | null {
  const auth = readAuth(storage)
  if (!auth) {
    // A half-written or malformed marker is as good as none.
    if (storage.getItem(AUTH_MODE_KEY) !== null || storage.getItem(TOKEN_EXPIRY_KEY) !== null)
      clearAuth(storage)
    return null
  }
  if (auth.mode === 'compat' && tokenStatus(auth, now) === 'expired') {
    clearAuth(storage)
    return null
  }
  return auth
}

/** Stores a login or refresh answer; `expires_in` is in seconds. */
export function writeAuth(storage: Storage, response: TokenResponse, now: number): StoredAuth {
  const auth: StoredAuth = {
    mode: response.secure_mode ? 'secure' : 'compat',
    expiresAt: now + response.expires_in * 1000,
    token: response.secure_mode ? null : response.access_token,
  }
  storage.setItem(AUTH_MODE_KEY, auth.mode)
  storage.setItem(TOKEN_EXPIRY_KEY, String(auth.expiresAt))
  if (auth.token) storage.setItem(ACCESS_TOKEN_KEY, auth.token)
  else storage.removeItem(ACCESS_TOKEN_KEY)
  return auth
}

export function clearAuth(storage: Storage) {
  storage.removeItem(AUTH_MODE_KEY)
  storage.removeItem(TOKEN_EXPIRY_KEY)
  storage.removeItem(ACCESS_TOKEN_KEY)
}

/** The current-user answer as the spec reads it: id or _id or user_id, username or name, ... */
export type MeLike = Partial<MeResponse> & { user_id?: string; name?: string }

export function toBasicInfo(me: MeLike, now: number): BasicUserInfo {
  const stats = me.stats
  return {
    id: String(me.id ?? me._id ?? me.user_id ?? ''),
    username: me.username ?? me.name ?? '',
    displayName: me.nickname || me.username || me.name || '',
    avatar: me.avatar ?? '',
    publicProfile: me.settings?.public_profile ?? false,
    stats: {
      posts: stats?.posts ?? 0,
      comments: stats?.comments ?? 0,
      likes: stats?.likes ?? 0,
      activity_level: stats?.activity_level || 'Beginner',
    },
    timestamp: now,
  }
}

export function writeBasicInfo(storage: Storage, info: BasicUserInfo) {
  storage.setItem(USER_INFO_KEY, JSON.stringify(info))
}

function isBasicInfo(value: unknown): value is BasicUserInfo {
  if (!value || typeof value !== 'object') return false
  const info = value as Record<string, unknown>
  const stats = info.stats as Record<string, unknown> | undefined
  return (
    typeof info.id === 'string' &&
    info.id !== '' &&
    typeof info.username === 'string' &&
    typeof info.avatar === 'string' &&
    typeof info.publicProfile === 'boolean' &&
    typeof info.timestamp === 'number' &&
    !!stats &&
    typeof stats.posts === 'number' &&
    typeof stats.comments === 'number' &&
    typeof stats.likes === 'number'
  )
}

/** The cached basic info, or null. A corrupt or expired (older than 8 h) cache is removed. */
export function readBasicInfo(storage: Storage, now: number): BasicUserInfo | null {
  const raw = storage.getItem(USER_INFO_KEY)
  if (raw === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = null
  }
  const fresh = isBasicInfo(parsed) && parsed.timestamp <= now && now - parsed.timestamp < USER_INFO_TTL_MS
  if (!fresh) {
    storage.removeItem(USER_INFO_KEY)
    return null
  }
  return parsed as BasicUserInfo
}

/** Remembers who is signed in: basic info in session storage, id/name/avatar in local storage. */
export function rememberUser(local: Storage, session: Storage, me: MeLike, now: number): BasicUserInfo {
  const info = toBasicInfo(me, now)
  writeBasicInfo(session, info)
  local.setItem(USER_ID_KEY, info.id)
  local.setItem(USERNAME_KEY, info.username)
  local.setItem(USER_AVATAR_KEY, info.avatar)
  return info
}

/** Forgets the signed-in user: the cached basic info, the own-page caches and the stored id/name/avatar. */
export function forgetUser(local: Storage, session: Storage) {
  session.removeItem(USER_INFO_KEY)
  for (const key of [USER_ID_KEY, USERNAME_KEY, USER_AVATAR_KEY]) local.removeItem(key)
  const ownPageKeys: string[] = []
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i)
    if (key?.startsWith(MYPAGE_CACHE_PREFIX)) ownPageKeys.push(key)
  }
  for (const key of ownPageKeys) local.removeItem(key)
}

/** A Storage kept in memory: used when the browser blocks web storage, and in unit tests. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key)
    },
    setItem: (key, value) => {
      items.set(key, String(value))
    },
  }
}
