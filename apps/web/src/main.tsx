/**
 * Entry: i18n, styles, providers, router. Order of providers: the error boundary catches anything
 * below; the query client and theme are app-wide; the router's root layout adds the rest
 * (login modal, toasts, session sync) so those can use routing.
 */
import { i18nReady } from './i18n'
import './ui/theme.css'
import './ui/base.css'
// Cards and inline lists are on most screens, the server-drawn forum and post among them: their few
// rules load with the shell rather than as one more stylesheet for those first screens.
import './ui/Card.css'
import './ui/InlineList.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { configureSession } from './api/session'
import { AppErrorBoundary } from './app/AppErrorBoundary'
import { browserSession } from './app/authState'
import { queryClient } from './app/queryClient'
import { router } from './app/router'
import { firstScreenPath, HANDOVER_DEADLINE_MS, releaseStaticShell } from './app/staticShell'
import { ThemeProvider } from './app/ThemeProvider'

/**
 * Removes index.html's static shell (the header's bar, painted before any JavaScript ran) in the same
 * frame as the app's first paint, which draws the same bar (ShellFallback, then the header). A shell
 * holding a screen the server drew stays until that screen takes over (app/staticShell.ts), or
 * HANDOVER_DEADLINE_MS at the most.
 */
function StaticShellRemover() {
  useLayoutEffect(() => {
    if (!firstScreenPath()) releaseStaticShell()
    // A screen that never says it has drawn (a request that hangs) still gets the reader the app.
    const deadline = window.setTimeout(releaseStaticShell, HANDOVER_DEADLINE_MS)
    return () => window.clearTimeout(deadline)
  }, [])
  return null
}

// The API client reads and ends the session through this port (api/ sits below app/).
configureSession(browserSession)

// Rendering waits only when the visitor's language is not the bundled English. The first render is a
// transition: React renders in slices of a few milliseconds between which the browser stays free to
// answer the reader (scroll, taps, painting the page's picture), instead of one long task.
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <StaticShellRemover />
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider>
              <RouterProvider router={router} />
            </ThemeProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  )
})
