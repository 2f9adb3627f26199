import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react'
import { parse as routePattern } from 'regexparam'
import { Redirect, Route, Switch, matchRoute, useLocation, useParams, useSearch } from 'wouter'
import { getSession } from '../api/session'
import { useSignedIn } from '../features/auth/use-signed-in'
import { CODE_HOSTING_CALLBACK_PATHS, DEFAULT_RETURN_PATH, INSPECTOR_PATH, MOCK_CODE_HOSTING_PATH, NEW_ORGANIZATION_PATH, SIGN_UP_PATH } from '../constants'
import { readLastVisitedOrganization } from '../features/organizations/last-visited'
import { authServicePath } from '../lib/code-hosting'
import { signInPathFor } from '../lib/return-path'
import { settings } from '../lib/settings'
import { PageMain } from '../ui/page-main'
import { LoadingState } from '../ui/states'
import { HOME_PATH } from '../lib/home-path'
import type { ProjectRoute } from './DashboardChrome'
import { NotFound } from './NotFound'
import { startChromeRequests } from './chrome-requests'
import { prefetchMonacoWhenIdle } from '../features/sql-editor/monaco-prefetch'
import { queryClient } from '../api/query-client'
import { chunk, screen, type Screen } from './screen-chunks'

/** Whether the page's own requests are out: Monaco's prefetch waits for them. */
const pageIsFetching = () => queryClient.isFetching() > 0

/** A project screen's chunk, on the project the address names (`/project/:ref/…`). */
function projectScreen(load: () => Promise<ComponentType<{ projectRef: string }>>): Screen {
  return screen(() =>
    load().then((ProjectScreen) => ({
      default: function ProjectScreenRoute() {
        const { ref } = useParams<{ ref: string }>()
        return <ProjectScreen projectRef={ref} />
      },
    })),
  )
}

// The chrome around signed-in screens is a chunk of its own: the sign-in page needs none of it. Once
// it has arrived a render reads it without waiting, so moving between screens shows no loading state
// for it; a failed load is forgotten, so the next render tries again.
const chrome = chunk(() => import('./DashboardChrome'))

/** The chrome, when the address leads to a screen that shows it (not to sign-in, where a visitor without a session goes). */
function preloadChrome(): Promise<unknown> {
  if (settings.isPlatform && getSession() === null) return Promise.resolve()
  return chrome.load()
}

// Every screen is its own chunk: a route loads only what it shows.
const SignInPage = screen(() => import('../features/auth/SignInPage'))
const SignUpPage = screen(() => import('../features/auth/SignUpPage'))
const LogoutPage = screen(() => import('../features/auth/LogoutPage'))
const OrganizationsPage = screen(() => import('../features/organizations/OrganizationsPage'))
const OrganizationPage = screen(() => import('../features/organizations/OrganizationPage'))
const BillingPage = screen(() => import('../features/billing/BillingPage'))
const AuditLogPage = screen(() => import('../features/audit-log/AuditLogPage'))
const ProfilePage = screen(() => import('../features/account/ProfilePage'))
const AccessTokensPage = screen(() => import('../features/account/AccessTokensPage'))
const SecurityPage = screen(() => import('../features/account/SecurityPage'))
const TeamPage = screen(() => import('../features/organization-settings/TeamPage'))
const OrganizationGeneralPage = screen(() => import('../features/organization-settings/OrganizationGeneralPage'))
const ProjectHomePage = screen(() => import('../features/projects/ProjectHomePage'))
const NewOrganizationPage = screen(() => import('../features/organizations/NewOrganizationPage'))
const NewProjectPage = screen(() => import('../features/projects/NewProjectPage'))
const SqlEditorPage = screen(() => import('../features/sql-editor/SqlEditorPage'))
const TableEditorPage = screen(() => import('../features/table-editor/TableEditorPage'))
const LogsPage = screen(() => import('../features/logs/LogsPage'))
const StoragePage = screen(() => import('../features/storage/StoragePage'))
const JoinPage = screen(() => import('../features/join/JoinPage'))
const SupportPage = screen(() => import('../features/support/SupportPage'))
const CodeHostingCallbackPage = screen(() => import('../features/code-hosting/CodeHostingCallbackPage'))
const SecurityAdvisorPage = screen(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.SecurityAdvisorPage })))
const SecurityRulesPage = screen(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.SecurityRulesPage })))
const PerformanceAdvisorPage = screen(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.PerformanceAdvisorPage })))
const PerformanceRulesPage = screen(() => import('../features/advisors/AdvisorPage').then((page) => ({ default: page.PerformanceRulesPage })))
// A project's own screens, on the project the address names.
const ExtensionsPage = projectScreen(() => import('../features/database/extensions/ExtensionsPage').then((page) => page.ExtensionsScreen))
const WebhooksPage = projectScreen(() => import('../features/database/hooks/WebhooksPage').then((page) => page.WebhooksScreen))
const SchemaDiagramPage = projectScreen(() => import('../features/database/schema-diagram/SchemaDiagramPage').then((page) => page.SchemaDiagramScreen))
const EnumTypesPage = projectScreen(() => import('../features/database/types/EnumTypesPage').then((page) => page.EnumTypesScreen))
const IndexesPage = projectScreen(() => import('../features/database/indexes/IndexesPage').then((page) => page.IndexesScreen))
const FunctionsPage = projectScreen(() => import('../features/database/functions/FunctionsPage').then((page) => page.FunctionsScreen))
const TriggersPage = projectScreen(() => import('../features/database/triggers/TriggersPage').then((page) => page.TriggersScreen))
const RolesPage = projectScreen(() => import('../features/database/roles/RolesPage').then((page) => page.RolesScreen))
const AuthUsersPage = projectScreen(() => import('../features/authentication/users/UsersPage').then((page) => page.UsersScreen))
const AuthPoliciesPage = projectScreen(() => import('../features/authentication/policies/PoliciesPage').then((page) => page.PoliciesScreen))
const PublicationsPage = projectScreen(() => import('../features/database/publications/PublicationsPage').then((page) => page.PublicationsScreen))
const MigrationsPage = projectScreen(() => import('../features/database/migrations/MigrationsPage').then((page) => page.MigrationsScreen))
const TablesPage = projectScreen(() => import('../features/database/tables/TablesPage').then((page) => page.TablesScreen))
const WrappersPage = projectScreen(() => import('../features/database/wrappers/WrappersPage').then((page) => page.WrappersScreen))
const VaultSecretsPage = projectScreen(() => import('../features/vault/VaultSecretsPage').then((page) => page.VaultSecretsScreen))
const ColumnPrivilegesPage = projectScreen(() => import('../features/database/column-privileges/ColumnPrivilegesPage').then((page) => page.ColumnPrivilegesScreen))
const GraphiqlPage = projectScreen(() => import('../features/graphiql/GraphiqlPage').then((page) => page.GraphiqlScreen))
const CronPage = projectScreen(() => import('../features/integrations/cron/CronPage').then((page) => page.CronScreen))
const QueryPerformancePage = projectScreen(() => import('../features/advisors/QueryPerformancePage').then((page) => page.QueryPerformanceScreen))
const StoragePoliciesPage = projectScreen(() => import('../features/storage/policies/StoragePoliciesPage').then((page) => page.StoragePoliciesScreen))
const ApiSettingsPage = projectScreen(() => import('../features/project-settings/ApiSettingsPage').then((page) => page.ApiSettingsScreen))
const DatabaseSettingsPage = projectScreen(() => import('../features/project-settings/DatabaseSettingsPage').then((page) => page.DatabaseSettingsScreen))
const ComputeSettingsPage = projectScreen(() => import('../features/project-settings/ComputeSettingsPage').then((page) => page.ComputeSettingsScreen))
const GeneralSettingsPage = projectScreen(() => import('../features/project-settings/GeneralSettingsPage').then((page) => page.GeneralSettingsScreen))
const StorageSettingsPage = projectScreen(() => import('../features/storage/settings/StorageSettingsPage').then((page) => page.StorageSettingsScreen))
// The provider's and auth service's pages the mock platform plays (navigations never reach its worker).
// eslint-disable-next-line import/no-restricted-paths -- start-up seam: these pages stand in for other sites, so no API call can serve them
const MockProviderPages = screen(() => import('../../mock-platform/browser/pages/MockProviderPages'))
// The machine inspector (QA): its own window beside the app; off on production builds unless VITE_INSPECTOR=on.
const InspectorPage = screen(() => import('../features/inspector/InspectorPage'))

/**
 * Screens behind sign-in: without a session, go to /sign-in and come back here afterwards.
 * Self-hosted has no platform sign-in (the instance guards itself), so nothing to check.
 */
function useSignInRedirect(): ReactNode | null {
  const signedIn = useSignedIn()
  const [location] = useLocation()
  const search = useSearch()
  if (settings.isPlatform && !signedIn) return <Redirect to={signInPathFor(search ? `${location}?${search}` : location)} replace />
  return null
}

function dashboard(Screen: ComponentType & Partial<Pick<Screen, 'preload'>>) {
  return function DashboardScreen() {
    const redirect = useSignInRedirect()
    if (redirect) return redirect
    void Screen.preload?.()
    startChromeRequests(queryClient)
    prefetchMonacoWhenIdle(pageIsFetching)
    const { DashboardLayout } = use(chrome.load())
    return (
      <DashboardLayout fill={false}>
        <Screen />
      </DashboardLayout>
    )
  }
}

/**
 * A project's screens (SPEC §2 `/project/{ref}/…`). `gated`: it queries the project's database, so
 * it sits behind the project-state gate. A new screen adds its route here and its entry to the
 * project destinations (src/features/project-shell/destinations.ts).
 */
const PROJECT_ROUTES: (ProjectRoute & { screen: Screen })[] = [
  { path: '/project/:ref', screen: ProjectHomePage, gated: false },
  { path: '/project/:ref/sql/:id', screen: SqlEditorPage, gated: true },
  { path: '/project/:ref/editor', screen: TableEditorPage, gated: true },
  { path: '/project/:ref/editor/:id', screen: TableEditorPage, gated: true },
  { path: '/project/:ref/database/schemas', screen: SchemaDiagramPage, gated: true },
  { path: '/project/:ref/database/types', screen: EnumTypesPage, gated: true },
  { path: '/project/:ref/database/indexes', screen: IndexesPage, gated: true },
  { path: '/project/:ref/database/functions', screen: FunctionsPage, gated: true },
  { path: '/project/:ref/database/triggers', screen: TriggersPage, gated: true },
  { path: '/project/:ref/database/roles', screen: RolesPage, gated: true },
  { path: '/project/:ref/auth/users', screen: AuthUsersPage, gated: true },
  { path: '/project/:ref/auth/policies', screen: AuthPoliciesPage, gated: true },
  { path: '/project/:ref/database/publications', screen: PublicationsPage, gated: true },
  { path: '/project/:ref/database/migrations', screen: MigrationsPage, gated: true },
  { path: '/project/:ref/database/tables', screen: TablesPage, gated: true },
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
  { path: '/project/:ref/settings/general', screen: GeneralSettingsPage, gated: false },
  { path: '/project/:ref/settings/api', screen: ApiSettingsPage, gated: false },
  { path: '/project/:ref/settings/database', screen: DatabaseSettingsPage, gated: false },
  { path: '/project/:ref/settings/compute', screen: ComputeSettingsPage, gated: false },
  // The logs come from the platform's log store, not the project's database: readable whatever its state.
  { path: '/project/:ref/logs', screen: LogsPage, gated: false },
]

function projectRouteOf(location: string) {
  return PROJECT_ROUTES.find((route) => matchRoute(routePattern, route.path, location)[0])
}

/** One shell for every project route (DashboardChrome's ProjectLayout): the rail, the status machine and the assistant stay mounted from screen to screen. */
function ProjectScreens() {
  const { ref } = useParams<{ ref: string }>()
  const [location] = useLocation()
  const redirect = useSignInRedirect()
  if (redirect) return redirect
  void projectRouteOf(location)?.screen.preload()
  startChromeRequests(queryClient)
  prefetchMonacoWhenIdle(pageIsFetching)
  const { ProjectLayout } = use(chrome.load())
  return <ProjectLayout projectRef={ref} routes={PROJECT_ROUTES} />
}

/** Where a platform-only address leads on a self-hosted instance. */
const ToHome = () => <Redirect to={HOME_PATH} replace />

/** Sign-in and sign-up lead into the dashboard: its chrome loads while the user types. */
function beforeDashboard(Screen: Screen) {
  if (!settings.isPlatform) return ToHome
  return function ScreenBeforeDashboard() {
    useEffect(() => {
      chrome.load().catch(() => undefined)
    }, [])
    return <Screen />
  }
}

/** /project/default on the platform (self-hosted it is the one project's real ref): the last organization visited. */
function DefaultProjectEntry() {
  const slug = readLastVisitedOrganization()
  return <Redirect to={slug ? `/org/${encodeURIComponent(slug)}` : DEFAULT_RETURN_PATH} replace />
}

const SignInScreen = beforeDashboard(SignInPage)
const SignUpScreen = beforeDashboard(SignUpPage)

/** A top-level route: where, what renders there, and what its first render needs loaded (`preloadRoute`). */
interface AppRoute {
  /** None: every address no route before it took. */
  path?: string
  component: ComponentType
  preload?: (location: string) => Promise<unknown>
}

/** A screen with the dashboard's chrome around it. */
function dashboardRoute(path: string | undefined, Screen: ComponentType & Partial<Pick<Screen, 'preload'>>): AppRoute {
  return { path, component: dashboard(Screen), preload: () => Promise.all([Screen.preload?.(), preloadChrome()]) }
}

/** Organizations, project creation and invitations exist only on the hosted platform. */
function platformRoute(path: string, Screen: Screen): AppRoute {
  return settings.isPlatform ? dashboardRoute(path, Screen) : { path, component: ToHome }
}

/** A page of its own, without the chrome (sign-in, the popups' pages); `component` when it wraps the screen. */
function pageRoute(path: string, Screen: Screen, component: ComponentType = Screen): AppRoute {
  return { path, component, preload: Screen.preload }
}

/** The route table of SPEC §2, as far as the screens exist; the first that matches renders. */
const APP_ROUTES: AppRoute[] = [
  pageRoute('/sign-in', SignInPage, SignInScreen),
  pageRoute(SIGN_UP_PATH, SignUpPage, SignUpScreen),
  pageRoute('/logout', LogoutPage),
  { path: '/', component: ToHome },
  platformRoute('/organizations', OrganizationsPage),
  platformRoute('/org/:slug', OrganizationPage),
  platformRoute('/org/:slug/billing', BillingPage),
  platformRoute('/org/:slug/audit', AuditLogPage),
  platformRoute('/account/me', ProfilePage),
  platformRoute('/account/tokens', AccessTokensPage),
  platformRoute('/account/security', SecurityPage),
  platformRoute('/org/:slug/team', TeamPage),
  platformRoute('/org/:slug/general', OrganizationGeneralPage),
  platformRoute(NEW_ORGANIZATION_PATH, NewOrganizationPage),
  platformRoute('/new/:slug', NewProjectPage),
  platformRoute('/join', JoinPage),
  ...(settings.isPlatform
    ? [pageRoute(CODE_HOSTING_CALLBACK_PATHS.authorize, CodeHostingCallbackPage), pageRoute(CODE_HOSTING_CALLBACK_PATHS.install, CodeHostingCallbackPage)]
    : []),
  ...(settings.mockPlatform ? [pageRoute(`${MOCK_CODE_HOSTING_PATH}/*`, MockProviderPages)] : []),
  ...(settings.mockPlatform && settings.isPlatform ? [pageRoute(`${authServicePath(settings.authBase)}/*`, MockProviderPages)] : []),
  ...(settings.inspector.enabled ? [pageRoute(INSPECTOR_PATH, InspectorPage)] : []),
  // Self-hosted too: the error screen's 'Contact support' link leads here everywhere.
  dashboardRoute('/support/new', SupportPage),
  ...(settings.isPlatform ? [{ path: '/project/default', component: DefaultProjectEntry }] : []),
  {
    path: '/project/:ref/*?',
    component: ProjectScreens,
    preload: (location) => Promise.all([projectRouteOf(location)?.screen.preload(), preloadChrome()]),
  },
  dashboardRoute(undefined, NotFound),
]

/**
 * Loads what the address's first screen needs (its chunk, the chrome) before the page's first render,
 * beside the mock platform's start: a first render that finds them renders them at once instead of a
 * loading state and React's 300 ms reveal throttle after it. Never fails: a chunk that does not load
 * is asked for again as the screen renders, and its error shows there.
 */
export function preloadRoute(location: string): Promise<void> {
  const route = APP_ROUTES.find(({ path }) => path === undefined || matchRoute(routePattern, path, location)[0])
  return Promise.resolve(route?.preload?.(location)).then(
    () => undefined,
    () => undefined,
  )
}

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
        {APP_ROUTES.map(({ path, component }) => (
          <Route key={path ?? '*'} path={path} component={component} />
        ))}
      </Switch>
    </Suspense>
  )
}
