import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { PASSWORD_MESSAGE, PASSWORD_RULES, PERMISSION_RESOURCES, PROJECT_SETTINGS_MESSAGE } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { checkNetworkRestrictions } from '../../src/lib/network-restrictions'
import type { PlatformContext } from '../context'
import type { MockProject } from '../records/db'
import { rememberProjectSettings } from '../auth/account-store'
import { scorePassword } from '../auth/password-strength'
import { scramVerifier } from '../auth/scram-verifier'
import { authorizeProject, errorResponse, readBody, type RequiredPermission } from './util'

const DATABASE_SETTINGS_PERMISSION: RequiredPermission = {
  action: PermissionAction.UPDATE,
  resource: PERMISSION_RESOURCES.projects,
  what: PROJECT_SETTINGS_MESSAGE.databaseSettingsDenied,
}

const PasswordBodySchema = v.object({ password: v.pipe(v.string(), v.maxLength(PASSWORD_RULES.maxLength, PASSWORD_MESSAGE.tooLong)) })
const SslBodySchema = v.object({ requestedConfig: v.object({ database: v.boolean() }) })
const NetworkBodySchema = v.object({ dbAllowedCidrs: v.array(v.string()), dbAllowedCidrsV6: v.array(v.string()) })

/**
 * Sets the project's database password where people connect with one: on a PostgreSQL server, its
 * login role's (server-tenancy.ts), as a SCRAM verifier so the password goes nowhere as itself.
 * Served self-hosted the database and its users are DATABASE_URL's own: not the platform's to change.
 */
export async function setDatabasePassword(ctx: PlatformContext, ref: string, password: string): Promise<void> {
  if (!ctx.databaseServer || ctx.userDatabase) return
  const provider = await ctx.databases()
  await provider.setLoginPassword?.(ref, await scramVerifier(password))
}

type ProjectRecord = NonNullable<ReturnType<PlatformContext['db']['projects']['findFirst']>>

function sslAnswer(project: ProjectRecord) {
  return { currentConfig: { database: project.ssl_enforced }, appliedSuccessfully: true }
}

function networkAnswer(project: ProjectRecord) {
  return { entitlement: 'allowed', config: { dbAllowedCidrs: project.db_allowed_cidrs, dbAllowedCidrsV6: project.db_allowed_cidrs_v6 }, status: 'applied' }
}

async function changeProject(ctx: PlatformContext, project: ProjectRecord, change: (p: MockProject) => void): Promise<ProjectRecord | null> {
  const updated = await ctx.db.projects.update(project, { data: change })
  if (updated) rememberProjectSettings(ctx, updated)
  return updated ?? null
}

/** A project's database settings (PLATFORM-API §3 shapes, the real platform's v1 paths under /platform). */
export function projectDatabaseSettingsHandlers(ctx: PlatformContext) {
  return [
    // The password is the user's: scored like the one chosen at creation, never kept or answered.
    http.patch('*/platform/projects/:ref/db-password', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: DATABASE_SETTINGS_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, PasswordBodySchema)
      if (invalid) return invalid
      const { score } = await scorePassword(body.password)
      if (score < PASSWORD_RULES.requiredScore) return errorResponse(400, PASSWORD_MESSAGE.needStronger)
      await setDatabasePassword(ctx, project.ref, body.password)
      const changedAt = new Date(Date.now() + ctx.clockOffset).toISOString()
      if (!(await changeProject(ctx, project, (p) => void (p.db_password_changed_at = changedAt)))) return errorResponse(404, 'Project not found')
      return HttpResponse.json({ result: 'Password updated' })
    }),
    http.get('*/platform/projects/:ref/ssl-enforcement', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !project) return denied
      return HttpResponse.json(sslAnswer(project))
    }),
    http.put('*/platform/projects/:ref/ssl-enforcement', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: DATABASE_SETTINGS_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, SslBodySchema)
      if (invalid) return invalid
      const updated = await changeProject(ctx, project, (p) => void (p.ssl_enforced = body.requestedConfig.database))
      return updated ? HttpResponse.json(sslAnswer(updated)) : errorResponse(404, 'Project not found')
    }),
    http.get('*/platform/projects/:ref/network-restrictions', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !project) return denied
      return HttpResponse.json(networkAnswer(project))
    }),
    http.post('*/platform/projects/:ref/network-restrictions/apply', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: DATABASE_SETTINGS_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, NetworkBodySchema)
      if (invalid) return invalid
      const checked = checkNetworkRestrictions(body)
      if (!checked.ok) return errorResponse(400, checked.message)
      const updated = await changeProject(ctx, project, (p) => {
        p.db_allowed_cidrs = checked.value.dbAllowedCidrs
        p.db_allowed_cidrs_v6 = checked.value.dbAllowedCidrsV6
      })
      return updated ? HttpResponse.json(networkAnswer(updated)) : errorResponse(404, 'Project not found')
    }),
  ]
}
