import { Component, type ReactNode } from 'react'
import { settings } from '../lib/settings'
import { reportError } from '../api/error-reporting'
import { ErrorScreen } from './ErrorScreen'

interface State {
  error: Error | null
  reportId?: string
}

/** Catches any render error of the app and shows the global error screen (SPEC §2, §4, §8). */
export class ErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown) {
    const reportId = reportError(error, { boundary: 'global' })
    this.setState({ reportId })
  }

  reset = () => {
    this.setState({ error: null, reportId: undefined })
    this.props.onReset?.()
  }

  override render() {
    const { error, reportId } = this.state
    if (!error) return this.props.children
    return (
      <ErrorScreen
        error={error}
        reportId={reportId}
        environment={settings.environment}
        pathname={window.location.pathname}
        onReset={this.reset}
        onReload={() => window.location.reload()}
      />
    )
  }
}
