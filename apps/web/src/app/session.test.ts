import { describe, expect, it } from 'vitest'
import {
  ACCESS_TOKEN_KEY,
  AUTH_MODE_KEY,
  currentAuth,
  forgetUser,
  memoryStorage,
  readAuth,
  readBasicInfo,
  rememberUser,
  TOKEN_EXPIRY_KEY,
  toBasicInfo,
  tokenStatus,
  USER_ID_KEY,
  USER_INFO_KEY,
  USER_INFO_TTL_MS,
  writeAuth,
} from './session'

const NOW = 1_800_000_000_000
const secureAnswer = { access_token: '', token_type: 'bearer' as const, expires_in: 900, secure_mode: true }
const compatAnswer = {
  access_token: 'jwt-abc',
  token_type: 'bearer' as const,
  expires_in: 900,
  secure_mode: false,
}

describe('session marker', () => {
  it('keeps only the mode and expiry in secure mode', () => {
    const storage = memoryStorage()
    writeAuth(storage, secureAnswer, NOW)
    expect(storage.getItem(AUTH_MODE_KEY)).toBe('secure')
    expect(storage.getItem(TOKEN_EXPIRY_KEY)).toBe(String(NOW + 900_000))
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
    expect(readAuth(storage)).toEqual({ mode: 'secure', expiresAt: NOW + 900_000, token: null })
  })

  it('keeps the token in compatibility mode, and drops it when switching to secure', () => {
    const storage = memoryStorage()
    writeAuth(storage, compatAnswer, NOW)
    expect(readAuth(storage)).toEqual({ mode: 'compat', expiresAt: NOW + 900_000, token: 'jwt-abc' })
    writeAuth(storage, secureAnswer, NOW)
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBeNull()
  })

  it('reports valid, expiring (under 5 minutes) and expired', () => {
    const auth = { mode: 'secure' as const, expiresAt: NOW + 10 * 60_000, token: null }
    expect(tokenStatus(auth, NOW)).toBe('valid')
    expect(tokenStatus(auth, NOW + 5 * 60_000 + 1)).toBe('expiring')
    expect(tokenStatus(auth, NOW + 10 * 60_000)).toBe('expired')
  })

  it('clears an expired compatibility token but keeps an expired secure marker for the refresh cookie', () => {
    const compat = memoryStorage()
    writeAuth(compat, compatAnswer, NOW)
    expect(currentAuth(compat, NOW + 899_000)).not.toBeNull()
    expect(currentAuth(compat, NOW + 900_000)).toBeNull()
    expect(compat.length).toBe(0)

    const secure = memoryStorage()
    writeAuth(secure, secureAnswer, NOW)
    expect(currentAuth(secure, NOW + 3_600_000)?.mode).toBe('secure')
  })

  it('treats malformed markers as none and clears them', () => {
    const storage = memoryStorage()
    storage.setItem(AUTH_MODE_KEY, 'secure')
    storage.setItem(TOKEN_EXPIRY_KEY, 'soon')
    expect(currentAuth(storage, NOW)).toBeNull()
    expect(storage.length).toBe(0)

    storage.setItem(AUTH_MODE_KEY, 'compat')
    storage.setItem(TOKEN_EXPIRY_KEY, String(NOW + 1000))
    expect(readAuth(storage)).toBeNull() // compat without a token
    storage.setItem(AUTH_MODE_KEY, 'cookie')
    expect(readAuth(storage)).toBeNull()
  })
})

describe('cached basic user info', () => {
  const me = {
    _id: 'u1',
    id: 'u1',
    username: 'ada',
    avatar: '/a.png',
    settings: {
      public_profile: true,
      public_posts: true,
      public_activities: true,
      public_statistics: true,
      public_contact: false,
    },
    stats: { posts: 2, comments: 3, likes: 4, activity_level: 'Active' },
  }

  it('maps the current-user answer, reading id/_id/user_id and username/name', () => {
    expect(toBasicInfo(me, NOW)).toEqual({
      id: 'u1',
      username: 'ada',
      displayName: 'ada',
      avatar: '/a.png',
      publicProfile: true,
      stats: { posts: 2, comments: 3, likes: 4, activity_level: 'Active' },
      timestamp: NOW,
    })
    expect(toBasicInfo({ user_id: 'u2', name: 'bo' }, NOW)).toEqual({
      id: 'u2',
      username: 'bo',
      displayName: 'bo',
      avatar: '',
      publicProfile: false,
      stats: { posts: 0, comments: 0, likes: 0, activity_level: 'Beginner' },
      timestamp: NOW,
    })
  })

  it('names the user by their nickname when they have one', () => {
    expect(toBasicInfo({ ...me, nickname: 'Ada Lindqvist' }, NOW)).toMatchObject({
      username: 'ada',
      displayName: 'Ada Lindqvist',
    })
  })

  it('lives 8 hours, then is cleared', () => {
    const session = memoryStorage()
    rememberUser(memoryStorage(), session, me, NOW)
    expect(readBasicInfo(session, NOW + USER_INFO_TTL_MS - 1)?.username).toBe('ada')
    expect(readBasicInfo(session, NOW + USER_INFO_TTL_MS)).toBeNull()
    expect(session.getItem(USER_INFO_KEY)).toBeNull()
  })

  it('clears a corrupt cache', () => {
    const session = memoryStorage()
    for (const raw of [
      '{not json',
      '"text"',
      '{"id":"u1"}',
      JSON.stringify({ ...toBasicInfo(me, NOW), id: '' }),
    ]) {
      session.setItem(USER_INFO_KEY, raw)
      expect(readBasicInfo(session, NOW)).toBeNull()
      expect(session.getItem(USER_INFO_KEY)).toBeNull()
    }
  })

  it('forgets the user together with the stored id and the own-page caches', () => {
    const local = memoryStorage()
    const session = memoryStorage()
    rememberUser(local, session, me, NOW)
    local.setItem('mypage_posts', '[]')
    local.setItem('theme', 'dark')
    expect(local.getItem(USER_ID_KEY)).toBe('u1')
    forgetUser(local, session)
    expect(session.getItem(USER_INFO_KEY)).toBeNull()
    expect(local.getItem(USER_ID_KEY)).toBeNull()
    expect(local.getItem('mypage_posts')).toBeNull()
    expect(local.getItem('theme')).toBe('dark')
  })
})
