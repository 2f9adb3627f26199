import { Database } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { FEATURE_PREVIEWS, PREVIEW } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import {
  areaMenuFor,
  currentDestination,
  PROJECT_DESTINATIONS,
  projectSubpath,
  railEntries,
  visibleDestinationGroups,
  type ProjectDestination,
  type VisibilityRules,
} from './destinations'

const everything: VisibilityRules = { isPlatform: true, featureEnabled: () => true, previewOn: () => true, allowed: () => true }
const context = { history: {}, previewOn: () => false }

const page = (id: string, extra: Partial<ProjectDestination> = {}): ProjectDestination => ({
  id,
  label: id,
  area: 'database',
  icon: Database,
  keywords: [],
  path: (ref) => `/project/${ref}/database/${id}`,
  owns: (subpath) => subpath === `database/${id}`,
  needsDatabase: true,
  ...extra,
})

describe('the project destinations (one typed list for the rail, the command menu and the history)', () => {
  it('lists the screens that exist today, each once, with the database ones behind the gate', () => {
    expect(PROJECT_DESTINATIONS.map((d) => [d.id, d.needsDatabase])).toEqual([
      ['home', false],
      ['table-editor', true],
      ['sql-editor', true],
      ['schema-diagram', true],
      ['tables', true],
      ['functions', true],
      ['triggers', true],
      ['enum-types', true],
      ['indexes', true],
      ['roles', true],
      ['publications', true],
      ['migrations', true],
      ['extensions', true],
      ['webhooks', true],
      ['wrappers', true],
      ['column-privileges', true],
      ['auth-users', true],
      ['auth-policies', true],
      ['settings-general', false],
      ['settings-api', false],
      ['settings-database', false],
      ['settings-compute', false],
      ['vault', true],
      ['cron', true],
      ['graphiql', true],
      ['storage-files', true],
      ['storage-policies', true],
      ['storage-settings', false],
      ['security-advisor', true],
      ['performance-advisor', true],
      ['query-performance', true],
      ['logs', false],
    ])
    expect(new Set(PROJECT_DESTINATIONS.map((d) => d.id)).size).toBe(PROJECT_DESTINATIONS.length)
  })

  it('opens the table and SQL editors at the last visited item of the project, else their start', () => {
    const [, table, sql] = PROJECT_DESTINATIONS
    expect(table!.path('abc', context)).toBe('/project/abc/editor')
    expect(sql!.path('abc', context)).toBe('/project/abc/sql/new')
    const history = { history: { editor: '16384', sql: 'f3a1' }, previewOn: () => false }
    expect(table!.path('abc', history)).toBe('/project/abc/editor/16384')
    expect(sql!.path('abc', history)).toBe('/project/abc/sql/f3a1')
  })

  it('knows which destination an address belongs to', () => {
    expect(projectSubpath('/project/abc', 'abc')).toBe('')
    expect(projectSubpath('/project/abc/', 'abc')).toBe('')
    expect(projectSubpath('/project/abc/sql/new', 'abc')).toBe('sql/new')
    expect(projectSubpath('/project/abcd/sql/new', 'abc')).toBeNull()
    expect(projectSubpath('/org/abc', 'abc')).toBeNull()
    expect(currentDestination('/project/abc/editor/12', 'abc')?.id).toBe('table-editor')
    expect(currentDestination('/project/abc/editor', 'abc')?.id).toBe('table-editor')
    expect(currentDestination('/project/abc/editors', 'abc')).toBeUndefined()
    expect(currentDestination('/project/abc/sql/x', 'abc')?.id).toBe('sql-editor')
    expect(currentDestination('/project/abc', 'abc')?.id).toBe('home')
    // SPEC §2: the GraphQL explorer answers at two addresses, both its own.
    expect(currentDestination('/project/abc/api/graphiql', 'abc')?.id).toBe('graphiql')
    expect(currentDestination('/project/abc/database/graphiql', 'abc')?.id).toBe('graphiql')
    expect(currentDestination('/project/abc/database/graphiqlx', 'abc')).toBeUndefined()
    expect(currentDestination('/project/abc/logs', 'abc')?.id).toBe('logs')
    // SPEC §2: an advisor and its rules variant are one screen.
    expect(currentDestination('/project/abc/advisors/security', 'abc')?.id).toBe('security-advisor')
    expect(currentDestination('/project/abc/advisors/rules/security', 'abc')?.id).toBe('security-advisor')
    expect(currentDestination('/project/abc/advisors/rules/performance', 'abc')?.id).toBe('performance-advisor')
  })

  it('opens the advisors at their rules variant while the advisor rules preview is on', () => {
    const security = PROJECT_DESTINATIONS.find((d) => d.id === 'security-advisor')!
    const performance = PROJECT_DESTINATIONS.find((d) => d.id === 'performance-advisor')!
    expect(security.path('abc', context)).toBe('/project/abc/advisors/security')
    expect(security.path('abc', { history: {}, previewOn: (key) => key === PREVIEW.advisorRules })).toBe('/project/abc/advisors/rules/security')
    expect(performance.path('abc', { history: {}, previewOn: (key) => key === PREVIEW.advisorRules })).toBe('/project/abc/advisors/rules/performance')
  })
})

describe('visibility: permissions, feature flags, previews, self-hosted', () => {
  const list = [
    page('extensions'),
    page('column-privileges', { preview: FEATURE_PREVIEWS[5]!.key }),
    page('secrets', { area: 'settings', permission: { action: PermissionAction.SECRETS_READ, resource: 'vault' } }),
    page('logs', { area: 'logs', feature: 'billing:all' }),
    page('branches', { platformOnly: true }),
  ]
  const ids = (rules: VisibilityRules) => visibleDestinationGroups(rules, list).flatMap((g) => g.destinations.map((d) => d.id))

  it('shows everything to an owner with every preview on', () => {
    expect(ids(everything)).toEqual(['extensions', 'column-privileges', 'branches', 'logs', 'secrets'])
  })
  it('hides a preview-gated screen while the preview is off', () => {
    expect(ids({ ...everything, previewOn: () => false })).not.toContain('column-privileges')
  })
  it('hides a screen whose permission is refused, and shows it while the permissions load', () => {
    expect(ids({ ...everything, allowed: () => false })).not.toContain('secrets')
    expect(ids({ ...everything, allowed: () => undefined })).toContain('secrets')
  })
  it('hides a disabled feature (the self-hosted disabled-features setting or the profile)', () => {
    expect(ids({ ...everything, featureEnabled: (f) => f !== 'billing:all' })).not.toContain('logs')
  })
  it('self-hosted hides platform-only screens', () => {
    expect(ids({ ...everything, isPlatform: false })).toEqual(['extensions', 'column-privileges', 'logs', 'secrets'])
  })
  it('leaves out an area with nothing visible', () => {
    const groups = visibleDestinationGroups({ ...everything, allowed: () => false }, list)
    expect(groups.map((g) => g.area.id)).toEqual(['database', 'logs'])
  })
})

describe('rail entries and the second-level menu', () => {
  const groups = visibleDestinationGroups(everything, [...PROJECT_DESTINATIONS, page('replication')])
  const entries = railEntries(groups)

  it('has the project screens one by one, then one entry per area opening its first screen', () => {
    expect(entries.map((e) => e.id)).toEqual(['home', 'table-editor', 'sql-editor', 'database', 'auth', 'integrations', 'storage', 'logs', 'advisors', 'settings'])
    expect(entries[3]!.label).toBe('Database')
    expect(entries[3]!.path('abc', context)).toBe('/project/abc/database/schemas')
    expect(entries[3]!.owns('database/hooks')).toBe(true)
  })
  it('gives an area with two or more screens a second-level menu, and no menu elsewhere', () => {
    expect(areaMenuFor(entries, 'database/replication')?.pages.map((p) => p.id)).toEqual(['schema-diagram', 'tables', 'functions', 'triggers', 'enum-types', 'indexes', 'roles', 'publications', 'migrations', 'extensions', 'webhooks', 'wrappers', 'column-privileges', 'replication'])
    // Logs is one screen: its rail entry opens it, with no second-level menu.
    expect(areaMenuFor(entries, 'logs')).toBeUndefined()
    expect(entries[7]!.path('abc', context)).toBe('/project/abc/logs')
    // Authentication: the users first (the entry opens them), then the policies.
    expect(entries[4]!.path('abc', context)).toBe('/project/abc/auth/users')
    expect(areaMenuFor(entries, 'auth/policies')?.pages.map((p) => p.id)).toEqual(['auth-users', 'auth-policies'])
    // Storage: the files first (the entry opens them), then the bucket policies.
    expect(areaMenuFor(entries, 'storage/policies')?.pages.map((p) => p.id)).toEqual(['storage-files', 'storage-policies'])
    // Settings: the project's general settings first (the entry opens them), the vault and the storage settings beside them.
    expect(areaMenuFor(entries, 'settings/storage')?.pages.map((p) => p.id)).toEqual(['settings-general', 'settings-api', 'settings-database', 'settings-compute', 'vault', 'storage-settings'])
    expect(entries[9]!.path('abc', context)).toBe('/project/abc/settings/general')
    // Integrations: cron first (the entry opens it), and the explorer's /database address is integrations', not the database menu's.
    expect(entries[5]!.path('abc', context)).toBe('/project/abc/integrations/cron')
    expect(areaMenuFor(entries, 'integrations/cron')?.pages.map((p) => p.id)).toEqual(['cron', 'graphiql'])
    expect(entries.find((e) => e.owns('database/graphiql'))?.id).toBe('integrations')
    expect(areaMenuFor(entries, 'api/graphiql')?.pages.map((p) => p.id)).toEqual(['cron', 'graphiql'])
    expect(areaMenuFor(entries, 'advisors/rules/security')?.pages.map((p) => p.id)).toEqual(['security-advisor', 'performance-advisor', 'query-performance'])
    expect(areaMenuFor(entries, 'sql/new')).toBeUndefined()
    expect(areaMenuFor(entries, null)).toBeUndefined()
  })
})
