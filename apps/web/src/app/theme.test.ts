import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nextTheme, parseThemePreference, resolveTheme } from './theme'

describe('theme', () => {
  it('defaults to auto for anything unknown', () => {
    expect(parseThemePreference(null)).toBe('auto')
    expect(parseThemePreference('purple')).toBe('auto')
    expect(parseThemePreference('dark')).toBe('dark')
  })

  it('resolves auto against the system and keeps explicit choices', () => {
    expect(resolveTheme('auto', true)).toBe('dark')
    expect(resolveTheme('auto', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('cycles light → dark → auto → light', () => {
    expect(nextTheme('light')).toBe('dark')
    expect(nextTheme('dark')).toBe('auto')
    expect(nextTheme('auto')).toBe('light')
  })

  it('the pre-paint script reads the same key and values', () => {
    const script = readFileSync(new URL('../../public/theme-init.js', import.meta.url), 'utf8')
    expect(script).toContain("localStorage.getItem('theme')")
    expect(script).toContain("stored === 'dark'")
    expect(script).toContain("stored !== 'light'")
    expect(script).toContain('(prefers-color-scheme: dark)')
  })
})
