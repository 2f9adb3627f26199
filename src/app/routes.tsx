import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link, Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter'
import { AssistantLayout } from '../features/assistant/AssistantLayout'
import { useSignedIn } from '../features/auth/use-signed-in'
import { SessionRenewal } from './SessionRenewal'
import { CODE_HOSTING_CALLBACK_PATHS, DEFAULT_RETURN_PATH, INSPECTOR_PATH, MOCK_CODE_HOSTING_PATH, NEW_ORGANIZATION_PATH, SIGN_UP_PATH } from '../constants'
import { readLastVisitedOrganization } from '../features/organizations/last-visited'
import { authServicePath } from '../lib/code-hosting'
import { signInPathFor } from '../lib/return-path'
import { settings } from '../lib/settings'
import { PageMain } from '../ui/page-main'
import { LoadingState } from '../ui/states'
import { DashboardOverlays } from './DashboardOverlays'
import { LayoutBanners, useLayoutBanners, useScreenRevealed } from './LayoutBanners'
import { HOME_PATH } from '../lib/home-path'
import { ProfileGate } from './ProfileGate'
import { TopBar } from './TopBar'
import { ProjectShell, ProjectStateGate } from '../features/project-shell'

// Every screen is its own chunk: a route loads only what it shows.
const SignInPage = lazy(() => import('../features/auth/SignInPage'))
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'))
const LogoutPage = lazy(() => import('../features/auth/LogoutPage'))
const OrganizationsPage = lazy(() => import('../features/organizations/OrganizationsPage'))
const OrganizationPage = lazy(() => import('../features/organizations/OrganizationPage'))
const BillingPage = lazy(() => import('../features/billing/BillingPage'))
const ProjectHomePage = lazy(() => import('../features/projects/ProjectHomePage'))
const NewOrganizationPage = lazy(() => import('../features/organizations/NewOrganizationPage'))
const NewProjectPage = lazy(() => import('../features/projects/NewProjectPage'))
const SqlEditorPage = lazy(() => import('../features/sql-editor/SqlEditorPage'))
const TableEditorPage = lazy(() => import('../features/table-editor/TableEditorPage'))
const ExtensionsPage = lazy(() => import('../features/database/extensions/ExtensionsPage'))
const WebhooksPage = lazy(() => import('../features/database/hooks/WebhooksPage'))
const WrappersPage = lazy(() => import('../features/database/wrappers/WrappersPage'))
const VaultSecretsPage = lazy(() => import('../features/vault/VaultSecretsPage'))
const ColumnPrivilegesPage = lazy(() => import('../features/database/column-privileges/ColumnPrivilegesPage'))
const GraphiqlPage = lazy(() => import('../features/graphiql/GraphiqlPage'))
const CronPage = lazy(() => import('../features/integrations/cron/CronPage'))
const SecurityAdvisorPage = lazy(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.SecurityAdvisorPage })))
const SecurityRulesPage = lazy(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.SecurityRulesPage })))
const PerformanceAdvisorPage = lazy(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.PerformanceAdvisorPage })))
const PerformanceRulesPage = lazy(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.PerformanceRulesPage })))
const QueryPerformancePage = lazy(() => import('../features/advisors/QueryPerformancePage'))
const LogsPage = lazy(() => import('../features/logs/LogsPage'))
const StoragePage = lazy(() => import('../features/storage/StoragePage'))
const StoragePoliciesPage = lazy(() => import('../features/storage/policies/StoragePoliciesPage'))
const StorageSettingsPage = lazy(() => import('../features/storage/settings/StorageSettingsPage'))
const JoinPage = lazy(() => import('../features/join/JoinPage'))
const SupportPage = lazy(() => import('../features/support/SupportPage'))
const CodeHostingCallbackPage = lazy(() => import('../features/code-hosting/CodeHostingCallbackPage'))
// The provider's and auth service's pages the mock platform plays (navigations never reach its worker).
// eslint-disable-next-line import/no-restricted-paths -- start-up seam: these pages stand in for other sites, so no API call can serve them
const MockProviderPages = lazy(() => import('../../mock-platform/pages/MockProviderPages'))
// The machine inspector (QA): its own window beside the app; off on production builds unless VITE_INSPECTOR=on.
const InspectorPage = lazy(() => import('../features/inspector/InspectorPage'))

/**
 * Screens behind sign-in: without a session, go to /sign-in and come back here afterwards.
 * Self-hosted has no platform sign-in (the instance guards itself), so nothing to check.
 */
function SignedIn({ children, fill = false }: { children: ReactNode; fill?: boolean }) {
  const signedIn = useSignedIn()
  const [location] = useLocation()
  const search = useSearch()
  if (settings.isPlatform && !signedIn) return <Redirect to={signInPathFor(search ? `${location}?${search}` : location)} replace />
  return <DashboardLayout fill={fill}>{children}</DashboardLayout>
}

// The screen while the banners above it may still push it down: mounted (its data loads) and laid
// out, but invisible and out of the pointer's reach.
const heldBackClass = css({ opacity: 0, pointerEvents: 'none' })

function DashboardLayout({ children, fill }: { children: ReactNode; fill: boolean }) {
  const banners = useLayoutBanners()
  const revealed = useScreenRevealed(banners.settled)
  return (
    // `fill`: the screen takes exactly the viewport below the top bar and banners, and scrolls inside
    // its own parts (a project's rail, editor, grid and assistant), so the page never scrolls twice.
    // Positioned, so visually hidden text (absolutely placed) stays inside and never lengthens the page.
    <div
      className={
        fill ? css({ h: '100dvh', display: 'flex', flexDir: 'column', overflow: 'hidden', position: 'relative' }) : css({ minH: '100vh', display: 'flex', flexDir: 'column' })
      }
    >
      {settings.isPlatform ? <SessionRenewal /> : null}
      <TopBar />
      <LayoutBanners banners={banners} />
      <PageMain
        aria-busy={revealed ? undefined : true}
        className={cx(fill ? css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column' }) : css({ flex: '1' }), revealed ? undefined : heldBackClass)}
      >
        <ProfileGate>
          <Suspense fallback={<LoadingState />}>{children}</Suspense>
        </ProfileGate>
      </PageMain>
      <DashboardOverlays />
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

/**
 * A project's screens (SPEC §2 `/project/{ref}/…`). `gated`: it queries the project's database, so
 * it sits behind the project-state gate. A new screen adds its route here and its entry to the
 * project destinations (src/features/project-shell/destinations.ts).
 */
const PROJECT_ROUTES: { path: string; screen: ComponentType; gated: boolean }[] = [
  { path: '/project/:ref', screen: ProjectHomePage, gated: false },
  { path: '/project/:ref/sql/:id', screen: SqlEditorPage, gated: true },
  { path: '/project/:ref/editor', screen: TableEditorPage, gated: true },
  { path: '/project/:ref/editor/:id', screen: TableEditorPage, gated: true },
  { path: '/project/:ref/database/extensions', screen: ExtensionsPage, gated: true },
  { path: '/project/:ref/database/hooks', screen: WebhooksPage, gated: true },
  { path: '/project/:ref/database/wrappers', screen: WrappersPage, gated: true },
  { path: '/project/:ref/settings/vault/secrets', screen: VaultSecretsPage, gated: true },
  { path: '/project/:ref/database/column-privileges', screen: ColumnPrivilegesPage, gated: true },
  { path: '/project/:ref/api/graphiql', screen: GraphiqlPage, gated: true },
  { path: '/project/:ref/database/graphiql', screen: GraphiqlPage, gated: true },
  { path: '/project/:ref/integrations/cron', screen: CronPage, gated: true },
  { path: '/project/:ref/advisors/security', screen: SecurityAdvisorPage, gated: true },
  { path: '/project/:ref/advisors/rules/security', screen: SecurityRulesPage, gated: true },
  { path: '/project/:ref/advisors/performance', screen: PerformanceAdvisorPage, gated: true },
  { path: '/project/:ref/advisors/rules/performance', screen: PerformanceRulesPage, gated: true },
  { path: '/project/:ref/advisors/query-performance', screen: QueryPerformancePage, gated: true },
  // SPEC §2: the new Storage interface preview chooses files or buckets; the page redirects from the other.
  { path: '/project/:ref/storage/buckets', screen: StoragePage, gated: true },
  { path: '/project/:ref/storage/buckets/:bucket', screen: StoragePage, gated: true },
  { path: '/project/:ref/storage/files', screen: StoragePage, gated: true },
  { path: '/project/:ref/storage/files/buckets/:bucket', screen: StoragePage, gated: true },
  { path: '/project/:ref/storage/policies', screen: StoragePoliciesPage, gated: true },
  // The storage config is the platform's, not the database's: readable whatever the project's state.
  { path: '/project/:ref/settings/storage', screen: StorageSettingsPage, gated: false },
  // The logs come from the platform's log store, not the project's database: readable whatever its state.
  { path: '/project/:ref/logs', screen: LogsPage, gated: false },
]

/** One shell for every project route: the rail, the status machine and the assistant stay mounted from screen to screen. */
function ProjectScreens() {
  const { ref } = useParams<{ ref: string }>()
  return (
    <SignedIn fill>
      <ProjectShell projectRef={ref}>
        <AssistantLayout projectRef={ref}>
          <Suspense fallback={<LoadingState />}>
            <Switch>
              {PROJECT_ROUTES.map(({ path, screen: Screen, gated }) => (
                <Route key={path} path={path}>
                  {gated ? (
                    <ProjectStateGate projectRef={ref}>
                      <Screen />
                    </ProjectStateGate>
                  ) : (
                    <Screen />
                  )}
                </Route>
              ))}
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Suspense>
        </AssistantLayout>
      </ProjectShell>
    </SignedIn>
  )
}

const SupportScreen = dashboard(SupportPage)

/** Organizations, project creation and invitations exist only on the hosted platform. */
function platformOnly(Screen: ComponentType) {
  if (!settings.isPlatform) return () => <Redirect to={HOME_PATH} replace />
  return dashboard(Screen)
}

/** /project/default on the platform (self-hosted it is the one project's real ref): the last organization visited. */
function DefaultProjectEntry() {
  const slug = readLastVisitedOrganization()
  return <Redirect to={slug ? `/org/${encodeURIComponent(slug)}` : DEFAULT_RETURN_PATH} replace />
}

function NotFound() {
  return (
    <div className={css({ maxW: 'xl', mx: 'auto', py: '20', textAlign: 'center', display: 'flex', flexDir: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Page not found</h1>
      <p className={css({ color: 'fg.muted' })}>There is nothing at this address.</p>
      <Link href={HOME_PATH} className={css({ color: 'accent.default' })}>
        {settings.isPlatform ? 'Go to your organizations' : 'Go to your project'}
      </Link>
    </div>
  )
}

/** The route table of SPEC §2, as far as the screens exist. */
export function AppRoutes() {
  return (
    // A page on its own still loading its code is a page too: it has its main landmark already.
    <Suspense
      fallback={
        <PageMain>
          <LoadingState />
        </PageMain>
      }
    >
      <Switch>
        <Route path="/sign-in" component={settings.isPlatform ? SignInPage : () => <Redirect to={HOME_PATH} replace />} />
        <Route path={SIGN_UP_PATH} component={settings.isPlatform ? SignUpPage : () => <Redirect to={HOME_PATH} replace />} />
        <Route path="/logout" component={LogoutPage} />
        <Route path="/">
          <Redirect to={HOME_PATH} replace />
        </Route>
        <Route path="/organizations" component={platformOnly(OrganizationsPage)} />
        <Route path="/org/:slug" component={platformOnly(OrganizationPage)} />
        <Route path="/org/:slug/billing" component={platformOnly(BillingPage)} />
        <Route path={NEW_ORGANIZATION_PATH} component={platformOnly(NewOrganizationPage)} />
        <Route path="/new/:slug" component={platformOnly(NewProjectPage)} />
        <Route path="/join" component={platformOnly(JoinPage)} />
        {settings.isPlatform ? <Route path={`${CODE_HOSTING_CALLBACK_PATHS.authorize}`} component={CodeHostingCallbackPage} /> : null}
        {settings.isPlatform ? <Route path={`${CODE_HOSTING_CALLBACK_PATHS.install}`} component={CodeHostingCallbackPage} /> : null}
        {settings.mockPlatform ? <Route path={`${MOCK_CODE_HOSTING_PATH}/*`} component={MockProviderPages} /> : null}
        {settings.mockPlatform && settings.isPlatform ? <Route path={`${authServicePath(settings.authBase)}/*`} component={MockProviderPages} /> : null}
        {settings.inspector.enabled ? <Route path={INSPECTOR_PATH} component={InspectorPage} /> : null}
        {/* Self-hosted too: the error screen's 'Contact support' link leads here everywhere. */}
        <Route path="/support/new" component={SupportScreen} />
        {settings.isPlatform ? <Route path="/project/default" component={DefaultProjectEntry} /> : null}
        <Route path="/project/:ref/*?" component={ProjectScreens} />
        <Route component={dashboard(NotFound)} />
      </Switch>
    </Suspense>
  )
}
