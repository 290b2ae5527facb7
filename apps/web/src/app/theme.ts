/** Theme preference (product-spec §3, §4): light, dark or auto (default), stored under `theme`. */

export type ThemePreference = 'light' | 'dark' | 'auto'
export type EffectiveTheme = 'light' | 'dark'

export const THEME_KEY = 'theme'
export const THEME_OPTIONS: readonly ThemePreference[] = ['light', 'dark', 'auto']

export function parseThemePreference(raw: string | null | undefined): ThemePreference {
  return raw === 'light' || raw === 'dark' || raw === 'auto' ? raw : 'auto'
}

/** Auto follows the system colour scheme. Keep public/theme-init.js in step with this. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): EffectiveTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light'
  return preference
}

/** Light → dark → auto → light. */
export function nextTheme(preference: ThemePreference): ThemePreference {
  return THEME_OPTIONS[(THEME_OPTIONS.indexOf(preference) + 1) % THEME_OPTIONS.length]
}
