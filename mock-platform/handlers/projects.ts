import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import {
  API_KEY_LIFETIME_SECONDS,
  CLOUD_PROVIDER_IDS,
  COMPUTE_SIZE_IDS,
  INACTIVE_PROJECT_STATUSES,
  PASSWORD_MESSAGE,
  PASSWORD_RULES,
  PERMISSION_MESSAGE,
  PERMISSION_RESOURCES,
  PLAN_LIMITS,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_NAME_MESSAGE,
  PROJECT_PAUSE_MESSAGE,
  PROJECT_SETTINGS_MESSAGE,
  PROJECT_TRANSITION_MESSAGE,
  REGIONS,
} from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { projectNameLength } from '../../src/lib/project-name'
import type { PlatformContext } from '../context'
import { isSettling, POLLS_UNTIL_SETTLED, PROJECT_DATABASE_SETTING_KEYS } from '../records/db'
import { scorePassword } from '../auth/password-strength'
import { countProjects, rememberProject, rememberProjectChange, rememberProjectSettings } from '../auth/account-store'
import { authorizeProject, errorResponse, findMemberOrganization, readBody, refuseWithout, signedIn, type RequiredPermission, withLatency } from './util'
import { isActiveProjectStatus } from '../../src/lib/project-gate'
import { runningDatabase } from '../projects/database-start'
import { signRoleToken } from '../auth/project-jwt'
import { deleteProject } from '../projects/project-deletion'
import { setDatabasePassword } from './project-database-settings'

const REGION_CODES = REGIONS.map((r) => r.code) as [string, ...string[]]

/** The fields of POST /platform/projects the mock platform honours (PLATFORM-API §3). */
// Refused, never cut: the dashboard applies the same rule before sending.
const ProjectNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, PROJECT_SETTINGS_MESSAGE.nameRequired),
  v.check((name) => projectNameLength(name) <= PROJECT_NAME_MAX_LENGTH, (issue) => PROJECT_NAME_MESSAGE.tooLong(projectNameLength(String(issue.input)))),
)
const CreateProjectBodySchema = v.object({
  name: ProjectNameSchema,
  organization_slug: v.pipe(v.string(), v.minLength(1, 'organization_slug is required')),
  db_pass: v.pipe(v.string(), v.maxLength(PASSWORD_RULES.maxLength, PASSWORD_MESSAGE.tooLong)),
  db_region: v.picklist(REGION_CODES, 'db_region is not a known region'),
  cloud_provider: v.picklist(CLOUD_PROVIDER_IDS, 'cloud_provider is not a known provider'),
  desired_instance_size: v.optional(v.picklist(COMPUTE_SIZE_IDS, 'desired_instance_size is not a known size'), 'nano'),
})

// What the dashboard checks before each (NewProjectPage, ProjectPauseSection, RestoreButton): the server checks it too.
const CREATE_PROJECT_PERMISSION: RequiredPermission = { action: PermissionAction.CREATE, resource: PERMISSION_RESOURCES.projects, what: PERMISSION_MESSAGE.createProject }
const PAUSE_PERMISSION: RequiredPermission = { action: PermissionAction.INFRA_EXECUTE, resource: PERMISSION_RESOURCES.pauseProject, what: PROJECT_PAUSE_MESSAGE.denied }
const RESTORE_PERMISSION: RequiredPermission = { action: PermissionAction.INFRA_EXECUTE, resource: PERMISSION_RESOURCES.restoreProject, what: PROJECT_PAUSE_MESSAGE.restoreDenied }
const RENAME_PERMISSION: RequiredPermission = { action: PermissionAction.UPDATE, resource: PERMISSION_RESOURCES.projects, what: PROJECT_SETTINGS_MESSAGE.renameDenied }
const DELETE_PERMISSION: RequiredPermission = { action: PermissionAction.DELETE, resource: PERMISSION_RESOURCES.projects, what: PROJECT_SETTINGS_MESSAGE.deleteDenied }
const TRANSFER_PERMISSION: RequiredPermission = { action: PermissionAction.DELETE, resource: PERMISSION_RESOURCES.projects, what: PROJECT_SETTINGS_MESSAGE.transferDenied }
const TransferProjectBodySchema = v.object({ target_organization_slug: v.pipe(v.string(), v.minLength(1, 'target_organization_slug is required')) })
const RESTART_PERMISSION: RequiredPermission = { action: PermissionAction.INFRA_EXECUTE, resource: PERMISSION_RESOURCES.restartProject, what: PROJECT_SETTINGS_MESSAGE.restartDenied }
/** The fields of PATCH /platform/projects/{ref} the mock platform honours (the real one's UpdateProjectBody). */
const UpdateProjectBodySchema = v.object({ name: ProjectNameSchema })

function newRef(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  return Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => letters[b % letters.length]).join('')
}

export function projectHandlers(ctx: PlatformContext) {
  return [
    http.post('*/platform/projects', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const { body, invalid } = await readBody(request, CreateProjectBodySchema)
      if (invalid) return invalid
      const org = findMemberOrganization(ctx, user.id, body.organization_slug)
      if (!org) return errorResponse(404, 'Organization not found')
      const refused = refuseWithout(ctx, user.id, CREATE_PROJECT_PERMISSION, { organizationSlug: org.slug })
      if (refused) return refused
      if (org.plan.id === 'free') {
        const active = ctx.db.projects
          .findMany((q) => q.where({ organization_slug: org.slug }))
          .filter((p) => !INACTIVE_PROJECT_STATUSES.includes(p.status)).length
        if (active >= PLAN_LIMITS.free.activeProjects) {
          return errorResponse(400, `Free plan organizations are limited to ${PLAN_LIMITS.free.activeProjects} active projects`)
        }
      }
      const { score } = await scorePassword(body.db_pass)
      if (score < PASSWORD_RULES.requiredScore) return errorResponse(400, PASSWORD_MESSAGE.needStronger)

      const ref = newRef()
      const id = Math.max(0, ...ctx.db.projects.findMany().map((p) => p.id)) + 1
      const project = await ctx.db.projects.create({
        id,
        ref,
        name: body.name,
        organization_id: org.id,
        organization_slug: org.slug,
        cloud_provider: body.cloud_provider,
        region: body.db_region,
        status: 'COMING_UP',
        inserted_at: new Date().toISOString(),
        db_host: `db.${ref}.example.co`,
        restUrl: `https://${ref}.example.co/rest/v1/`,
        connectionString: null,
        dbVersion: 'supabase-postgres-17.4.1.045',
        infra_compute_size: body.desired_instance_size,
        polls_until_settled: POLLS_UNTIL_SETTLED.COMING_UP,
        largeTables: false,
      })
      await countProjects(ctx, org.slug, 1)
      rememberProject(ctx, project)
      // The password chosen here is the one people connect with (served): set now, kept nowhere else.
      await setDatabasePassword(ctx, ref, body.db_pass).catch((error: unknown) => console.warn(`The database password of ${ref} was not set; it can be reset in its settings`, error))
      return HttpResponse.json(
        {
          id: project.id,
          ref,
          name: project.name,
          status: project.status,
          organization_id: org.id,
          organization_slug: org.slug,
          region: project.region,
          cloud_provider: project.cloud_provider,
          endpoint: `https://${ref}.example.co`,
          // The API keys, as the settings answer them: tokens signed with the project's own secret.
          anon_key: await signRoleToken(ctx, ref, { role: 'anon' }, API_KEY_LIFETIME_SECONDS, Date.parse(project.inserted_at)),
          service_key: await signRoleToken(ctx, ref, { role: 'service_role' }, API_KEY_LIFETIME_SECONDS, Date.parse(project.inserted_at)),
          inserted_at: project.inserted_at,
          subscription_id: `sub_${org.slug}`,
          is_branch_enabled: false,
          preview_branch_refs: [],
        },
        { status: 201 },
      )
    }),
    http.get('*/platform/projects/:ref', async ({ request, params }) => {
      const { project: found, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !found) return denied
      const project = await settleAfterRead(ctx, found)
      return HttpResponse.json(projectDetailOf(project))
    }),

    // PLATFORM-API §3: 201 and an empty body; the project is PAUSING, then INACTIVE after a poll.
    http.post('*/platform/projects/:ref/pause', async ({ request, params }) => {
      await withLatency(ctx)
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: PAUSE_PERMISSION })
      if (denied || !project) return denied
      if (!isActiveProjectStatus(project.status)) return errorResponse(400, PROJECT_TRANSITION_MESSAGE.pauseNotActive)
      const org = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
      if (org?.plan.id !== 'free') return errorResponse(400, PROJECT_TRANSITION_MESSAGE.pausePaidPlan)
      await setStatus(ctx, project, 'PAUSING')
      return new HttpResponse(null, { status: 201 })
    }),

    // Renames the project (the real platform's PATCH /platform/projects/{ref}): its detail answered.
    http.patch('*/platform/projects/:ref', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: RENAME_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, UpdateProjectBodySchema)
      if (invalid) return invalid
      const updated = await ctx.db.projects.update(project, {
        data(p) {
          p.name = body.name
        },
      })
      if (!updated) return errorResponse(404, 'Project not found')
      rememberProjectSettings(ctx, updated)
      return HttpResponse.json(projectDetailOf(updated))
    }),

    // The real platform's DELETE /platform/projects/{ref}: its id, ref and name once nothing of it remains (project-deletion.ts).
    http.delete('*/platform/projects/:ref', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: DELETE_PERMISSION })
      if (denied || !project) return denied
      await deleteProject(ctx, project)
      return HttpResponse.json({ id: project.id, ref: project.ref, name: project.name })
    }),

    // The real platform's POST /platform/projects/{ref}/transfer: the project moves whole to another
    // organization of the member's, where they may create projects and its plan takes one more.
    http.post('*/platform/projects/:ref/transfer', async ({ request, params }) => {
      const { user, project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: TRANSFER_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, TransferProjectBodySchema)
      if (invalid) return invalid
      const target = findMemberOrganization(ctx, user.id, body.target_organization_slug)
      if (!target) return errorResponse(404, PROJECT_SETTINGS_MESSAGE.transferUnknownOrganization)
      if (target.slug === project.organization_slug) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.transferSameOrganization)
      const refused = refuseWithout(ctx, user.id, { action: PermissionAction.CREATE, resource: PERMISSION_RESOURCES.projects, what: PROJECT_SETTINGS_MESSAGE.transferTargetDenied(target.name) }, { organizationSlug: target.slug })
      if (refused) return refused
      if (isSettling(project.status)) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.transferSettling)
      if (target.plan.id === 'free' && !INACTIVE_PROJECT_STATUSES.includes(project.status)) {
        const active = ctx.db.projects.findMany((q) => q.where({ organization_slug: target.slug })).filter((p) => !INACTIVE_PROJECT_STATUSES.includes(p.status)).length
        if (active >= PLAN_LIMITS.free.activeProjects) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.transferFreeLimit(target.name, PLAN_LIMITS.free.activeProjects))
      }
      const source = project.organization_slug
      const moved = await ctx.db.projects.update(project, {
        data(p) {
          p.organization_slug = target.slug
          p.organization_id = target.id
        },
      })
      if (!moved) return errorResponse(404, 'Project not found')
      await countProjects(ctx, source, -1)
      await countProjects(ctx, target.slug, 1)
      rememberProjectSettings(ctx, moved)
      return HttpResponse.json(projectDetailOf(moved))
    }),

    // The real platform's POST /platform/projects/{ref}/restart: RESTARTING, then ACTIVE_HEALTHY over a
    // few polls. The database's other sessions end as a restart ends them (served: every backend of
    // the project's database; PGlite has one session, the platform's own).
    http.post('*/platform/projects/:ref/restart', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: RESTART_PERMISSION })
      if (denied || !project) return denied
      if (!isActiveProjectStatus(project.status)) return errorResponse(400, PROJECT_TRANSITION_MESSAGE.restartNotActive)
      await setStatus(ctx, project, 'RESTARTING')
      await runningDatabase(ctx, project.ref)
        ?.asPlatform?.('select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
        .catch((error: unknown) => console.warn(`restart of ${project.ref}: its sessions could not all be ended`, error))
      return new HttpResponse(null, { status: 201 })
    }),

    // PLATFORM-API §3: the project is RESTORING, then ACTIVE_HEALTHY over a few polls.
    http.post('*/platform/projects/:ref/restore', async ({ request, params }) => {
      await withLatency(ctx)
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { permission: RESTORE_PERMISSION })
      if (denied || !project) return denied
      if (project.status !== 'INACTIVE') return errorResponse(400, PROJECT_TRANSITION_MESSAGE.restoreNotPaused)
      const org = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
      if (org?.plan.id === 'free') {
        const active = ctx.db.projects
          .findMany((q) => q.where({ organization_slug: org.slug }))
          .filter((p) => p.ref !== project.ref && !INACTIVE_PROJECT_STATUSES.includes(p.status)).length
        if (active >= PLAN_LIMITS.free.activeProjects) return errorResponse(400, PROJECT_TRANSITION_MESSAGE.restoreFreeLimit(PLAN_LIMITS.free.activeProjects))
      }
      const restored = await setStatus(ctx, project, 'RESTORING')
      return HttpResponse.json({
        id: restored.id,
        status: restored.status,
        region: restored.region,
        cloud_provider: restored.cloud_provider,
        organization_id: restored.organization_id,
        back_ups: [],
      })
    }),
  ]
}

type ProjectRecord = NonNullable<ReturnType<PlatformContext['db']['projects']['findFirst']>>

/** A project as the platform answers it: the record without what only the platform keeps. */
function projectDetailOf(project: ProjectRecord) {
  const { organization_slug: _slug, polls_until_settled: _polls, jwt_secret_version: _version, ...rest } = project
  // The database settings are answered by their own endpoints (project-database-settings.ts).
  return Object.fromEntries(Object.entries(rest).filter(([key]) => !(PROJECT_DATABASE_SETTING_KEYS as string[]).includes(key)))
}

async function setStatus(ctx: PlatformContext, project: ProjectRecord, status: 'PAUSING' | 'RESTORING' | 'RESTARTING'): Promise<ProjectRecord> {
  const updated = await ctx.db.projects.update(project, {
    data(p) {
      p.status = status
      p.polls_until_settled = POLLS_UNTIL_SETTLED[status]
    },
  })
  if (updated) rememberProjectChange(ctx, updated)
  return updated ?? project
}

/** A project in transition settles after a few reads of its detail, as a real one does over a few polls. */
async function settleAfterRead(ctx: PlatformContext, project: ProjectRecord): Promise<ProjectRecord> {
  if (!isSettling(project.status) || project.polls_until_settled <= 0) return project
  const updated = await ctx.db.projects.update(project, {
    data(p) {
      p.polls_until_settled -= 1
      if (p.polls_until_settled > 0) return
      if (p.status === 'PAUSING') {
        p.status = 'INACTIVE'
      } else {
        p.status = 'ACTIVE_HEALTHY'
        p.connectionString ??= `encrypted:${p.ref}:${crypto.randomUUID()}`
      }
    },
  })
  if (updated) rememberProjectChange(ctx, updated)
  return updated ?? project
}
