import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen, messageOf } from './ErrorScreen'
import { releaseStaticShell } from './staticShell'

interface State {
  error: unknown
}

/** Last line of defence around the router and providers; routes have their own boundaries inside. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Uncaught error', error, info.componentStack)
    // The error screen must be seen, not a first screen the server drew (app/staticShell.ts).
    releaseStaticShell()
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <ErrorScreen
        fullPage
        message={messageOf(this.state.error)}
        onRetry={() => this.setState({ error: null })}
        onBack={() => {
          this.setState({ error: null })
          if (window.history.length > 1) window.history.back()
          else window.location.assign('/')
        }}
      />
    )
  }
}
