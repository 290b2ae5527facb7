import { useEffect, useState } from 'react'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { Loading } from '../ui/Loading'
import { ErrorScreen, messageOf } from './ErrorScreen'
import { reloadOnce, ScreenLoadError } from './lazyScreen'
import { NotFoundPage } from './NotFoundPage'
import { useStaticShellHandover } from './staticShell'

/** Goes back in the app's history, or home when this is the first page of the visit. */
export function useGoBack() {
  const navigate = useNavigate()
  return () => {
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1)
    else navigate('/', { replace: true })
  }
}

/**
 * A route's errorElement: an uncaught error in a screen (or its code failing to load twice) shows the
 * global error screen. Retry navigates to the same place again, which clears the error and re-renders.
 * A screen whose code failed to load first reloads the page once (see lazyScreen.ts).
 */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError()
  const location = useLocation()
  const navigate = useNavigate()
  const goBack = useGoBack()
  const [reloading, setReloading] = useState(error instanceof ScreenLoadError)
  // The error screen must be seen, not a first screen the server drew (app/staticShell.ts).
  useStaticShellHandover(!reloading)
  useEffect(() => {
    if (error instanceof ScreenLoadError) setReloading(reloadOnce())
  }, [error])
  if (reloading) return <Loading block />
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  const message = isRouteErrorResponse(error) ? error.statusText : messageOf(error)
  return (
    <ErrorScreen
      fullPage={fullPage}
      message={message}
      onRetry={() => {
        // A failed import stays failed for this page (the browser keeps it): only a reload fetches anew.
        if (error instanceof ScreenLoadError) window.location.reload()
        else navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })
      }}
      onBack={goBack}
    />
  )
}
