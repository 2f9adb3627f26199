import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { queryClient } from '../api/query-client'
import { useLocation } from 'wouter'
import { CODE_HOSTING_CALLBACK_PATHS, INSPECTOR_PATH, MOCK_CODE_HOSTING_PATH } from '../constants'
import { authServicePath } from '../lib/code-hosting'
import { settings } from '../lib/settings'
import { ConsentToast } from '../features/consent/ConsentToast'
import { AppToaster } from '../ui/toast'
import { getConsentActor } from './consent'
import { ErrorBoundary } from './ErrorBoundary'
import { AppRoutes } from './routes'

/** Lets e2e tests raise a render error on purpose, only when the mock platform runs. */
function TestCrashProbe() {
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => {
    const onCrash = (event: Event) => setMessage(String((event as CustomEvent<string>).detail))
    window.addEventListener('studio:test-crash', onCrash)
    return () => window.removeEventListener('studio:test-crash', onCrash)
  }, [])
  if (message !== null) throw new Error(message)
  return null
}

/** The provider's pages, the popup's callback pages and the inspector window are not the dashboard: no cookie toast there. */
function ConsentToastOutsidePopups() {
  const [location] = useLocation()
  const popupPaths = [MOCK_CODE_HOSTING_PATH, authServicePath(settings.authBase), INSPECTOR_PATH, ...Object.values(CODE_HOSTING_CALLBACK_PATHS)]
  if (popupPaths.some((path) => location === path || location.startsWith(`${path}/`))) return null
  return <ConsentToast actor={getConsentActor()} />
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        {settings.mockPlatform ? <TestCrashProbe /> : null}
        <AppRoutes />
      </ErrorBoundary>
      <AppToaster />
      <ConsentToastOutsidePopups />
    </QueryClientProvider>
  )
}
