import { http, HttpResponse } from 'msw'
import { API_KEY_LIFETIME_SECONDS, COMPUTE_SIZES, DIRECT_CONNECTION_PORT, PERMISSION_RESOURCES, POOLER_PORTS, PROJECT_SETTINGS_MESSAGE } from '../../src/constants'
import { connectionUri } from '../../src/lib/connection-string'
import type { PlatformContext } from '../context'
import type { MockProject } from '../records/db'
import { projectDatabaseName, projectRoles } from '../postgres/server-address'
import { signRoleToken } from '../auth/project-jwt'
import { apiSchemaSetting } from '../advisors/advisor-store'
import { rememberProjectSettings } from '../auth/account-store'
import { PermissionAction } from '../../src/lib/permissions'
import { authorizeProject, errorResponse, mayChangeProjectData, type RequiredPermission } from './util'

const ROTATE_PERMISSION: RequiredPermission = { action: PermissionAction.UPDATE, resource: PERMISSION_RESOURCES.projects, what: PROJECT_SETTINGS_MESSAGE.rotateDenied }

/** The platform's default database and role on every project. */
const DEFAULT_DATABASE = { name: 'postgres', user: 'postgres' } as const

/**
 * Where a project's database answers. Over DATABASE_URL it is that server's own address (its
 * `studio_<ref>` database, or served self-hosted the URL's own), which a user can really reach;
 * self-hosted, the instance's own host; otherwise the platform's name for the project's host.
 * Never a password.
 */
function directAddress(ctx: PlatformContext, project: MockProject) {
  if (ctx.databaseServer) {
    const { host, port, user, database } = ctx.databaseServer
    // People connect as the project's login role there, with the password set in its settings
    // (server-tenancy.ts); self-hosted, as the URL's user.
    if (ctx.userDatabase) return { host, port, name: database, user, ipConfig: 'ipv4' }
    const name = projectDatabaseName(project.ref)
    return { host, port, name, user: projectRoles(name).login, ipConfig: 'ipv4' }
  }
  const host = ctx.selfHosted ? 'localhost' : (project.db_host ?? `db.${project.ref}.example.co`)
  return { host, port: DIRECT_CONNECTION_PORT, ...DEFAULT_DATABASE, ipConfig: ctx.selfHosted ? 'ipv4' : 'ipv6' }
}

/**
 * The pooler in front of the project's primary, one entry in its configured (transaction) mode, as
 * the platform answers (its `SupavisorConfigResponse`). A real server or a self-hosted instance
 * has no pooler here: no entries.
 */
function poolerEntries(ctx: PlatformContext, project: MockProject) {
  if (ctx.databaseServer || ctx.selfHosted) return []
  const target = {
    // A host name allows letters, digits and hyphens only (AWS_K8S → aws-k8s).
    host: `${project.cloud_provider.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-0-${project.region}.pooler.example.co`,
    port: POOLER_PORTS.transaction,
    database: DEFAULT_DATABASE.name,
    // The pooler tells projects apart by the user name's suffix.
    user: `${DEFAULT_DATABASE.user}.${project.ref}`,
  }
  const uri = connectionUri(target)
  return [
    {
      identifier: project.ref,
      database_type: 'PRIMARY',
      is_using_scram_auth: true,
      db_host: target.host,
      db_port: target.port,
      db_name: target.database,
      db_user: target.user,
      connection_string: uri,
      connectionString: uri,
      default_pool_size: null,
      max_client_conn: COMPUTE_SIZES.find((size) => size.id === project.infra_compute_size)?.poolerConnections ?? null,
      pool_mode: 'transaction',
    },
  ]
}

export function projectSettingsHandlers(ctx: PlatformContext) {
  return [
    // PLATFORM-API §3 `GET …/settings`; no JWT secret. The keys are the API roles' tokens, signed with
    // the project's secret (the GraphQL endpoint takes them); the service_role key only for a member
    // who may run as it (handlers/graphql.ts), as the platform shows it only to those who may write.
    http.get('*/platform/projects/:ref/settings', async ({ request, params }) => {
      const { user, project, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !project) return denied
      const direct = directAddress(ctx, project)
      const createdAt = Date.parse(project.inserted_at)
      const apiKey = (role: 'anon' | 'service_role') => signRoleToken(ctx, project.ref, { role }, API_KEY_LIFETIME_SECONDS, createdAt)
      const serviceKey = mayChangeProjectData(ctx, user.id, project) ? [{ name: 'service_role key', tags: 'service_role', api_key: await apiKey('service_role') }] : []
      return HttpResponse.json({
        ref: project.ref,
        name: project.name,
        status: project.status,
        region: project.region,
        cloud_provider: project.cloud_provider,
        inserted_at: project.inserted_at,
        db_host: direct.host,
        db_port: direct.port,
        db_name: direct.name,
        db_user: direct.user,
        db_dns_name: direct.host,
        db_ip_addr_config: direct.ipConfig,
        ssl_enforced: project.ssl_enforced,
        app_config: { endpoint: project.restUrl?.replace(/\/rest\/v1\/?$/, '') ?? '', db_schema: apiSchemaSetting(ctx, project.ref) },
        service_api_keys: [{ name: 'anon key', tags: 'anon,public', api_key: await apiKey('anon') }, ...serviceKey],
      })
    }),
    // A new JWT secret for the project: every key signed with the old one stops being accepted
    // wherever the platform checks one (the GraphQL endpoint), and the settings answer new keys.
    http.post('*/platform/projects/:ref/settings/jwt-secret', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: ROTATE_PERMISSION })
      if (denied || !project) return denied
      const rotated = await ctx.db.projects.update(project, {
        data(p) {
          p.jwt_secret_version = (p.jwt_secret_version ?? 0) + 1
        },
      })
      if (!rotated) return errorResponse(404, 'Project not found')
      rememberProjectSettings(ctx, rotated)
      return HttpResponse.json({ jwt_secret_update_status: 'Updated' })
    }),
    http.get('*/platform/projects/:ref/config/supavisor', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !project) return denied
      return HttpResponse.json(poolerEntries(ctx, project))
    }),
  ]
}
