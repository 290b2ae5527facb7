import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import {
  type EffectiveTheme,
  nextTheme,
  parseThemePreference,
  resolveTheme,
  THEME_KEY,
  type ThemePreference,
} from './theme'

interface ThemeContextValue {
  preference: ThemePreference
  /** What is on screen now: auto resolved against the system setting. */
  theme: EffectiveTheme
  setPreference: (preference: ThemePreference) => void
  /** Light → dark → auto → light. */
  cycle: () => void
  /** Back to auto. */
  reset: () => void
}

const ThemeContext = createContext<ThemeContextValue | null>(null)
const DARK_QUERY = '(prefers-color-scheme: dark)'

function readPreference(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_KEY))
  } catch {
    return 'auto'
  }
}

function applyTheme(theme: EffectiveTheme) {
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.classList.toggle('light', theme === 'light')
  root.style.colorScheme = theme
}

/** Owns the theme preference: stored under `theme`, applied as a class on <html>, auto follows the system live. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState(readPreference)
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(DARK_QUERY).matches)
  const theme = resolveTheme(preference, systemDark)

  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY)
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_KEY || event.key === null) setPreferenceState(readPreference())
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  useEffect(() => applyTheme(theme), [theme])

  const setPreference = useCallback((next: ThemePreference) => {
    setPreferenceState(next)
    try {
      localStorage.setItem(THEME_KEY, next)
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  }, [])

  const value = useMemo<ThemeContextValue>(
    () => ({
      preference,
      theme,
      setPreference,
      cycle: () => setPreference(nextTheme(preference)),
      reset: () => setPreference('auto'),
    }),
    [preference, theme, setPreference],
  )
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('useTheme must be used inside ThemeProvider')
  return value
}
