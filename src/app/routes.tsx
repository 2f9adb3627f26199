import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { getSession, subscribeToSession } from '../api/session'
import { signInPathFor } from '../lib/return-path'
import { LoadingState } from '../ui/states'
import { ProfileGate } from './ProfileGate'
import { TopBar } from './TopBar'

// Every screen is its own chunk: a route loads only what it shows.
const SignInPage = lazy(() => import('../features/auth/SignInPage'))
const LogoutPage = lazy(() => import('../features/auth/LogoutPage'))
const OrganizationsPage = lazy(() => import('../features/organizations/OrganizationsPage'))
const OrganizationPage = lazy(() => import('../features/organizations/OrganizationPage'))
const ProjectHomePage = lazy(() => import('../features/projects/ProjectHomePage'))

function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, () => getSession() !== null)
}

/** Screens behind sign-in: without a session, go to /sign-in and come back here afterwards. */
function SignedIn({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn()
  const [location] = useLocation()
  const search = useSearch()
  if (!signedIn) return <Redirect to={signInPathFor(search ? `${location}?${search}` : location)} replace />
  return (
    <div className={css({ minH: '100vh', display: 'flex', flexDir: 'column' })}>
      <TopBar />
      <main className={css({ flex: '1' })}>
        <ProfileGate>
          <Suspense fallback={<LoadingState />}>{children}</Suspense>
        </ProfileGate>
      </main>
    </div>
  )
}

function dashboard(Screen: ComponentType) {
  return function DashboardScreen() {
    return (
      <SignedIn>
        <Screen />
      </SignedIn>
    )
  }
}

function NotFound() {
  return (
    <div className={css({ maxW: 'xl', mx: 'auto', py: '20', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Page not found</h1>
      <p className={css({ color: 'fg.muted' })}>There is nothing at this address.</p>
      <Link href="/organizations" className={css({ color: 'accent.default' })}>
        Go to your organizations
      </Link>
    </div>
  )
}

/** The route table of SPEC §2, as far as the screens exist. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Switch>
        <Route path="/sign-in" component={SignInPage} />
        <Route path="/logout" component={LogoutPage} />
        <Route path="/">
          <Redirect to="/organizations" replace />
        </Route>
        <Route path="/organizations" component={dashboard(OrganizationsPage)} />
        <Route path="/org/:slug" component={dashboard(OrganizationPage)} />
        <Route path="/project/:ref" component={dashboard(ProjectHomePage)} />
        <Route component={dashboard(NotFound)} />
      </Switch>
    </Suspense>
  )
}
