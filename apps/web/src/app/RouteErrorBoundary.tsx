import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { ErrorScreen, messageOf } from './ErrorScreen'
import { NotFoundPage } from './NotFoundPage'

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
 */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError()
  const location = useLocation()
  const navigate = useNavigate()
  const goBack = useGoBack()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  const message = isRouteErrorResponse(error) ? error.statusText : messageOf(error)
  return (
    <ErrorScreen
      fullPage={fullPage}
      message={message}
      onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      onBack={goBack}
    />
  )
}
