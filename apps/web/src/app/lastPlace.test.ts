import { describe, expect, it } from 'vitest'
import { lastPlace, rememberPlace } from './lastPlace'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('lastPlace', () => {
  it('keeps the last screen with its query and hash, and never a sign-in screen', () => {
    const storage = memoryStorage()
    expect(lastPlace(storage)).toBeNull()
    rememberPlace('/forum/detail/abc', '?version=1#c2', storage)
    rememberPlace('/login', '?next=%2F', storage)
    rememberPlace('/register', '', storage)
    rememberPlace('/forgot-password', '', storage)
    expect(lastPlace(storage)).toBe('/forum/detail/abc?version=1#c2')
    rememberPlace('/tag/optics', '', storage)
    expect(lastPlace(storage)).toBe('/tag/optics')
  })

  it('does without storage', () => {
    expect(() => rememberPlace('/forum', '', null)).not.toThrow()
    expect(lastPlace(null)).toBeNull()
  })
})
