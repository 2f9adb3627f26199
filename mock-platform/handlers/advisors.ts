import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { NewLintExceptionSchema, type LintException } from '../../src/api/schemas/advisors'
import { LINT_DEFINITIONS, PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import { LintFailed, runProjectLints } from '../advisors/advisor-lints'
import { apiSchemaSetting, readAdvisorRecord, updateAdvisorRecord } from '../advisors/advisor-store'
import type { PlatformContext } from '../context'
import { authenticate, authorizeProject, errorResponse, readBody, type RequiredPermission } from './util'

const ExceptionsBodySchema = v.object({ exceptions: v.pipe(v.array(NewLintExceptionSchema), v.minLength(1, 'Name at least one rule.')) })
/** A schema name as PostgREST's setting lists it: anything but a comma, not blank. */
const PostgrestPatchSchema = v.object({
  db_schema: v.pipe(
    v.string(),
    v.check((text) => text.split(',').every((schema) => schema.trim() !== ''), 'List the schemas separated by commas, none blank.'),
  ),
})

/** What the dashboard checks before disabling a rule or dismissing a finding (AdvisorScreen). */
const ADVISOR_RULES_PERMISSION: RequiredPermission = {
  action: PermissionAction.TENANT_SQL_ADMIN_WRITE,
  resource: PERMISSION_RESOURCES.advisors,
  what: PERMISSION_MESSAGE.manageAdvisorRules,
}

/** What changing the exposed schemas needs: the platform's check on its API settings screen (owner and admin). */
const POSTGREST_CONFIG_PERMISSION: RequiredPermission = {
  action: PermissionAction.UPDATE,
  resource: PERMISSION_RESOURCES.postgrestConfig,
  what: PERMISSION_MESSAGE.changeApiSchemas,
}

const categoryOf = (name: string) => LINT_DEFINITIONS.find((lint) => lint.name === name)?.categories[0] ?? null

/**
 * The advisors (PLATFORM-API §9): `run-lints` runs every lint's SQL (src/lib/sql/lints) on the
 * project's own database and answers the findings; the exceptions are the project's rules; the
 * PostgREST config says which schemas the API exposes, which the lints read.
 */
export function advisorHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref/run-lints', async ({ request, params }) => {
      const ref = String(params.ref)
      const { project, denied } = await authorizeProject(ctx, request, ref, { active: true })
      if (denied) return denied
      try {
        return HttpResponse.json(await runProjectLints(ctx, project, request))
      } catch (error) {
        if (error instanceof LintFailed) return errorResponse(500, error.message)
        throw error
      }
    }),

    http.get('*/platform/projects/:ref/notifications/advisor/exceptions', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      return HttpResponse.json({ exceptions: readAdvisorRecord(ctx, ref).exceptions })
    }),

    http.post('*/platform/projects/:ref/notifications/advisor/exceptions', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref, { permission: ADVISOR_RULES_PERMISSION })
      if (denied) return denied
      const { body, invalid } = await readBody(request, ExceptionsBodySchema)
      if (invalid) return invalid
      const { user } = authenticate(ctx, request)
      const author = user ? ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id })) : undefined
      const created: LintException[] = []
      updateAdvisorRecord(ctx, ref, (record) => {
        for (const wanted of body.exceptions) {
          const cacheKey = wanted.is_disabled ? null : wanted.cache_key
          // One rule per lint (disabled) or per finding (dismissed): asking again replaces its reason.
          const kept = record.exceptions.filter((rule) => !(rule.lint_name === wanted.lint_name && rule.cache_key === cacheKey && rule.is_disabled === wanted.is_disabled))
          const rule: LintException = {
            id: crypto.randomUUID(),
            lint_name: wanted.lint_name,
            lint_category: categoryOf(wanted.lint_name),
            is_disabled: wanted.is_disabled,
            cache_key: cacheKey,
            note: wanted.note ?? null,
            assigned_to: null,
            created_at: new Date(Date.now() + ctx.clockOffset).toISOString(),
            created_by: author?.username ?? null,
          }
          record.exceptions = [...kept, rule]
          created.push(rule)
        }
      })
      return HttpResponse.json({ exceptions: created }, { status: 201 })
    }),

    http.delete('*/platform/projects/:ref/notifications/advisor/exceptions', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref, { permission: ADVISOR_RULES_PERMISSION })
      if (denied) return denied
      const ids = new Set((new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean))
      if (ids.size === 0) return errorResponse(400, 'Name the rules to delete (ids).')
      let removed: LintException[] = []
      updateAdvisorRecord(ctx, ref, (record) => {
        removed = record.exceptions.filter((rule) => ids.has(rule.id))
        record.exceptions = record.exceptions.filter((rule) => !ids.has(rule.id))
      })
      if (removed.length === 0) return errorResponse(404, 'No such rule: it may have been deleted already.')
      return HttpResponse.json({ exceptions: removed })
    }),

    http.get('*/platform/projects/:ref/config/postgrest', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      return HttpResponse.json({ db_schema: apiSchemaSetting(ctx, ref) })
    }),

    http.patch('*/platform/projects/:ref/config/postgrest', async ({ request, params }) => {
      const ref = String(params.ref)
      const { denied } = await authorizeProject(ctx, request, ref, { permission: POSTGREST_CONFIG_PERMISSION })
      if (denied) return denied
      const { body, invalid } = await readBody(request, PostgrestPatchSchema)
      if (invalid) return invalid
      updateAdvisorRecord(ctx, ref, (record) => (record.db_schema = body.db_schema))
      return HttpResponse.json({ db_schema: apiSchemaSetting(ctx, ref) })
    }),
  ]
}
