// Runs synchronously in <head> so the first paint already has the right theme (no flash).
// Mirrors resolveTheme() in src/app/theme.ts: stored light/dark wins, anything else follows the system.
;(() => {
  let stored = null
  try {
    stored = localStorage.getItem('theme')
  } catch {
    // storage blocked: follow the system
  }
  const dark =
    stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  const root = document.documentElement
  root.classList.add(dark ? 'dark' : 'light')
  root.style.colorScheme = dark ? 'dark' : 'light'
})()
