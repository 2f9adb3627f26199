import { Archive, Blocks, UsersRound, FolderOpen, HardDrive, LockKeyhole, Braces, Clock, Cpu, Database, DatabaseZap, Gauge, Home, KeyRound, Lightbulb, List, Settings, ShieldCheck, SquareTerminal, Table2, type LucideIcon } from 'lucide-react'
import { PREVIEW, type DashboardFeature, type FeaturePreviewKey } from '../../constants'
import { advisorPath, storagePath } from '../../lib/feature-previews'
import { sqlEditorPath, tableEditorPath, type ProjectHistory } from '../projects'
import { AUTH_DESTINATIONS } from './auth-destinations'
import { DATABASE_DESTINATIONS } from './database-destinations'
import { under } from './destination-paths'

/**
 * The rail's areas, in the real dashboard's order. An area shows only when one of its screens does;
 * `section` groups areas between the rail's separators (build, data, observe, settings).
 */
export const DESTINATION_AREAS = [
  { id: 'project', label: 'Project', icon: Home, section: 1 },
  { id: 'database', label: 'Database', icon: Database, section: 2 },
  { id: 'auth', label: 'Authentication', icon: UsersRound, section: 2 },
  { id: 'integrations', label: 'Integrations', icon: Blocks, section: 2 },
  { id: 'storage', label: 'Storage', icon: Archive, section: 2 },
  { id: 'logs', label: 'Logs', icon: List, section: 3 },
  { id: 'advisors', label: 'Advisors', icon: Lightbulb, section: 3 },
  { id: 'settings', label: 'Settings', icon: Settings, section: 4 },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon; section: number }[]
export type DestinationArea = (typeof DESTINATION_AREAS)[number]['id']

/** What a destination's path may depend on: the dashboard history and the previews that move routes. */
export interface DestinationContext {
  history: ProjectHistory
  previewOn: (key: FeaturePreviewKey) => boolean
}

/**
 * One screen of a project, as the rail, the command menu and the dashboard history know it.
 * A screen adds its entry here once it exists (never a placeholder page).
 */
export interface ProjectDestination {
  id: string
  label: string
  area: DestinationArea
  icon: LucideIcon
  /** Extra words the command menu matches. */
  keywords: readonly string[]
  /** Where it opens. */
  path: (ref: string, context: DestinationContext) => string
  /** Which addresses under /project/{ref} belong to it (the rail marks it current): the part after the ref, '' for the home. */
  owns: (subpath: string) => boolean
  /** Shown only to a user allowed this (hidden once the permission list says no). */
  permission?: { action: string; resource: string }
  /** Hidden when the disabled-features setting or the profile turns this off (self-hosted too). */
  feature?: DashboardFeature
  /** Shown only while this preview is on. */
  preview?: FeaturePreviewKey
  /** Only the hosted platform has it. */
  platformOnly?: boolean
  /** Sits behind the project-state gate: it queries the project's database. */
  needsDatabase: boolean
}


/** Every project screen that exists, in rail order. Later screens add themselves here. */
export const PROJECT_DESTINATIONS: readonly ProjectDestination[] = [
  {
    id: 'home',
    label: 'Project overview',
    area: 'project',
    icon: Home,
    keywords: ['home', 'overview', 'connection', 'connect'],
    path: (ref) => `/project/${ref}`,
    owns: (subpath) => subpath === '',
    needsDatabase: false,
  },
  {
    id: 'table-editor',
    label: 'Table editor',
    area: 'project',
    icon: Table2,
    keywords: ['tables', 'rows', 'data', 'grid'],
    path: (ref, { history }) => tableEditorPath(ref, history),
    owns: under('editor'),
    needsDatabase: true,
  },
  {
    id: 'sql-editor',
    label: 'SQL editor',
    area: 'project',
    icon: SquareTerminal,
    keywords: ['query', 'snippet', 'run'],
    path: (ref, { history }) => sqlEditorPath(ref, history),
    owns: under('sql'),
    needsDatabase: true,
  },
  ...DATABASE_DESTINATIONS,
  ...AUTH_DESTINATIONS,
  {
    // The platform's record of the project (its name, its status): no database needed.
    id: 'settings-general',
    label: 'General',
    area: 'settings',
    icon: Settings,
    keywords: ['settings', 'project', 'rename', 'name', 'restart', 'reboot', 'reference', 'ref'],
    path: (ref) => `/project/${ref}/settings/general`,
    owns: under('settings/general'),
    platformOnly: true,
    needsDatabase: false,
  },
  {
    // The keys and URL come from the platform; the schema list reads the database when it runs.
    id: 'settings-api',
    label: 'API',
    area: 'settings',
    icon: KeyRound,
    keywords: ['api', 'keys', 'anon', 'service_role', 'jwt', 'secret', 'url', 'endpoint', 'schemas', 'postgrest', 'rotate'],
    path: (ref) => `/project/${ref}/settings/api`,
    owns: under('settings/api'),
    platformOnly: true,
    needsDatabase: false,
  },
  {
    // The platform's settings of the database (password, SSL, network): no running database needed.
    id: 'settings-database',
    label: 'Database',
    area: 'settings',
    icon: DatabaseZap,
    keywords: ['database', 'connection', 'connect', 'password', 'reset', 'ssl', 'network', 'restrictions', 'cidr', 'ip', 'allow', 'psql'],
    path: (ref) => `/project/${ref}/settings/database`,
    owns: under('settings/database'),
    platformOnly: true,
    needsDatabase: false,
  },
  {
    // The platform's record of the project's size and its billing: no database needed.
    id: 'settings-compute',
    label: 'Compute',
    area: 'settings',
    icon: Cpu,
    keywords: ['compute', 'size', 'instance', 'resize', 'upgrade', 'memory', 'cpu', 'nano', 'micro', 'connections'],
    path: (ref) => `/project/${ref}/settings/compute`,
    owns: under('settings/compute'),
    platformOnly: true,
    needsDatabase: false,
  },
  {
    id: 'vault',
    label: 'Vault',
    area: 'settings',
    icon: KeyRound,
    keywords: ['secrets', 'vault', 'encryption', 'keys', 'credentials'],
    path: (ref) => `/project/${ref}/settings/vault/secrets`,
    owns: under('settings/vault'),
    needsDatabase: true,
  },
  {
    id: 'cron',
    label: 'Cron',
    area: 'integrations',
    icon: Clock,
    keywords: ['cron', 'pg_cron', 'schedule', 'job', 'jobs', 'timer', 'recurring'],
    path: (ref) => `/project/${ref}/integrations/cron`,
    owns: under('integrations/cron'),
    needsDatabase: true,
  },
  {
    // SPEC §2 gives the explorer two addresses; one entry owns both. Integrations, not Database: it is
    // the project's API (pg_graphql) rather than a tool of the database, as in the platform's
    // integrations list, and half its addresses are outside /database.
    id: 'graphiql',
    label: 'GraphiQL',
    area: 'integrations',
    icon: Braces,
    keywords: ['graphql', 'pg_graphql', 'api', 'explorer', 'query', 'mutation'],
    path: (ref) => `/project/${ref}/api/graphiql`,
    owns: (subpath) => subpath === 'api/graphiql' || subpath === 'database/graphiql',
    needsDatabase: true,
  },
  {
    // SPEC §2: …/storage/files with the new Storage interface preview, …/storage/buckets without; one entry owns both.
    id: 'storage-files',
    label: 'Files',
    area: 'storage',
    icon: FolderOpen,
    keywords: ['storage', 'buckets', 'files', 'objects', 'upload', 'download', 'images', 's3'],
    path: (ref, { previewOn }) => storagePath(ref, previewOn(PREVIEW.newStorage)),
    owns: (subpath) => under('storage/buckets')(subpath) || under('storage/files')(subpath),
    needsDatabase: true,
  },
  {
    id: 'storage-policies',
    label: 'Policies',
    area: 'storage',
    icon: LockKeyhole,
    keywords: ['storage', 'policies', 'rls', 'row level security', 'buckets', 'access', 'permissions'],
    path: (ref) => `/project/${ref}/storage/policies`,
    owns: under('storage/policies'),
    needsDatabase: true,
  },
  {
    // The platform's storage settings page; the config lives on the platform, not in the database.
    id: 'storage-settings',
    label: 'Storage settings',
    area: 'settings',
    icon: HardDrive,
    keywords: ['storage', 'upload', 'file size', 'limit', 'settings'],
    path: (ref) => `/project/${ref}/settings/storage`,
    owns: under('settings/storage'),
    needsDatabase: false,
  },
  {
    // SPEC §2: the rules variant (…/advisors/rules/security) while the advisor rules preview is on.
    id: 'security-advisor',
    label: 'Security Advisor',
    area: 'advisors',
    icon: ShieldCheck,
    keywords: ['advisor', 'security', 'lint', 'linter', 'rls', 'row level security', 'policies', 'exposed'],
    path: (ref, { previewOn }) => advisorPath(ref, 'security', previewOn(PREVIEW.advisorRules)),
    owns: (subpath) => subpath === 'advisors/security' || subpath === 'advisors/rules/security',
    needsDatabase: true,
  },
  {
    id: 'performance-advisor',
    label: 'Performance Advisor',
    area: 'advisors',
    icon: Lightbulb,
    keywords: ['advisor', 'performance', 'lint', 'linter', 'index', 'indexes', 'primary key', 'slow'],
    path: (ref, { previewOn }) => advisorPath(ref, 'performance', previewOn(PREVIEW.advisorRules)),
    owns: (subpath) => subpath === 'advisors/performance' || subpath === 'advisors/rules/performance',
    needsDatabase: true,
  },
  {
    id: 'query-performance',
    label: 'Query Performance',
    area: 'advisors',
    icon: Gauge,
    keywords: ['query', 'performance', 'pg_stat_statements', 'slow', 'statements', 'explain', 'index'],
    path: (ref) => `/project/${ref}/advisors/query-performance`,
    owns: under('advisors/query-performance'),
    needsDatabase: true,
  },
  {
    // The platform's log store answers for a paused or starting project too: no database needed.
    id: 'logs',
    label: 'Logs',
    area: 'logs',
    icon: List,
    keywords: ['logs', 'explorer', 'events', 'api gateway', 'postgres', 'auth', 'errors', 'requests', 'trace'],
    path: (ref) => `/project/${ref}/logs`,
    owns: under('logs'),
    needsDatabase: false,
  },
]

/** What decides whether a destination shows for this user, here. */
export interface VisibilityRules {
  isPlatform: boolean
  featureEnabled: (feature: DashboardFeature) => boolean
  previewOn: (key: FeaturePreviewKey) => boolean
  /** true allowed, false refused, undefined not known yet (shown meanwhile: the screen itself says no). */
  allowed: (permission: NonNullable<ProjectDestination['permission']>) => boolean | undefined
}

export function isDestinationVisible(destination: ProjectDestination, rules: VisibilityRules): boolean {
  if (destination.platformOnly && !rules.isPlatform) return false
  if (destination.feature && !rules.featureEnabled(destination.feature)) return false
  if (destination.preview && !rules.previewOn(destination.preview)) return false
  if (destination.permission && rules.allowed(destination.permission) === false) return false
  return true
}

export interface DestinationGroup {
  area: (typeof DESTINATION_AREAS)[number]
  destinations: ProjectDestination[]
}

/** The visible destinations by area, in rail order; an area without any is left out. */
export function visibleDestinationGroups(rules: VisibilityRules, destinations: readonly ProjectDestination[] = PROJECT_DESTINATIONS): DestinationGroup[] {
  const visible = destinations.filter((destination) => isDestinationVisible(destination, rules))
  return DESTINATION_AREAS.map((area) => ({ area, destinations: visible.filter((d) => d.area === area.id) })).filter((group) => group.destinations.length > 0)
}

/** The part of a pathname after /project/{ref} ('' for the home), or null when it is not this project's. */
export function projectSubpath(pathname: string, ref: string): string | null {
  const prefix = `/project/${ref}`
  if (pathname === prefix || pathname === `${prefix}/`) return ''
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1).replace(/\/$/, '') : null
}

/** The destination a pathname belongs to, if any. */
export function currentDestination(pathname: string, ref: string, destinations: readonly ProjectDestination[] = PROJECT_DESTINATIONS) {
  const subpath = projectSubpath(pathname, ref)
  return subpath === null ? undefined : destinations.find((destination) => destination.owns(subpath))
}

/** One item of the rail: a project-area screen itself, or another area (opening its first screen). */
export interface RailEntry {
  id: string
  label: string
  icon: LucideIcon
  path: (ref: string, context: DestinationContext) => string
  owns: (subpath: string) => boolean
  /** The area's screens, listed by its second-level menu when there are two or more. */
  pages: ProjectDestination[]
  /** The rail draws a separator before the first entry of each section. */
  section: number
}

/** The rail: the project area's screens one by one, then one entry per other area. */
export function railEntries(groups: readonly DestinationGroup[]): RailEntry[] {
  return groups.flatMap(({ area, destinations }): RailEntry[] => {
    const { section } = area
    if (area.id === 'project') return destinations.map((d) => ({ id: d.id, label: d.label, icon: d.icon, path: d.path, owns: d.owns, pages: [d], section }))
    const [first] = destinations as [ProjectDestination, ...ProjectDestination[]]
    const owns = (subpath: string) => destinations.some((d) => d.owns(subpath))
    return [{ id: area.id, label: area.label, icon: area.icon, path: first.path, owns, pages: destinations, section }]
  })
}

/** The second-level menu of the area a pathname is in: its screens when it has two or more, else none. */
export function areaMenuFor(entries: readonly RailEntry[], subpath: string | null): RailEntry | undefined {
  if (subpath === null) return undefined
  const entry = entries.find((e) => e.owns(subpath))
  return entry && entry.pages.length > 1 ? entry : undefined
}
