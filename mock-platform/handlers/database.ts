import { http, HttpResponse } from 'msw'
import { MOCK_ECHO_PATH, PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { installShim, PG_NET } from '../postgres/shims/index.ts'
import { SUPABASE_FUNCTIONS_SQL } from '../postgres/shims/supabase-functions.ts'
import { toPgMetaError } from '../postgres'
import { authorizeProject, errorResponse } from './util'

export const USER_DATABASE_HOOKS_MESSAGE =
  'Database webhooks need the pg_net extension and the supabase_functions schema in your database. Studio does not install stand-ins for them into your own database: install them there, then reload.'

/** Database endpoints that are not pg-meta (PLATFORM-API §6), and (`echo`: a mock provider) the echo endpoint webhooks call. */
export function databaseHandlers(ctx: PlatformContext, { echo }: { echo: boolean }) {
  return [
    /** Turns database webhooks on: pg_net and the `supabase_functions` schema; again is harmless. */
    http.post('*/platform/database/:ref/hook-enable', async ({ request, params }) => {
      const ref = String(params.ref)
      // What the dashboard checks before turning webhooks on (WebhooksPage).
      const permission = { action: PermissionAction.TENANT_SQL_ADMIN_WRITE, resource: PERMISSION_RESOURCES.triggers, what: PERMISSION_MESSAGE.manageWebhooks }
      const { project, denied } = await authorizeProject(ctx, request, ref, { permission, active: true })
      if (denied) return denied
      // The user's own database gets no stand-ins: webhooks there need the real pg_net and supabase_functions.
      if (ctx.userDatabase) return errorResponse(400, USER_DATABASE_HOOKS_MESSAGE)
      const { database } = await openProjectDatabase(ctx, project, request)
      try {
        await installShim(database, PG_NET)
        await database.exec(SUPABASE_FUNCTIONS_SQL)
      } catch (error) {
        const { status, body, headers } = toPgMetaError(error, SUPABASE_FUNCTIONS_SQL)
        return HttpResponse.json(body, { status, headers })
      }
      return new HttpResponse(null, { status: 201 })
    }),

    ...(echo ? [echoHandler()] : []),
  ]
}

/** Answers any method with what it received (MOCK_ECHO_PATH). */
function echoHandler() {
  return http.all(`*${MOCK_ECHO_PATH}`, async ({ request }) => {
    const url = new URL(request.url)
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
    let body: unknown = text
    try {
      body = text === '' ? null : JSON.parse(text)
    } catch {
      // Not JSON: echoed as the text it was.
    }
    const asked = Number(url.searchParams.get('status'))
    const status = Number.isInteger(asked) && asked >= 200 && asked <= 599 ? asked : 200
    const headers: Record<string, string> = Object.create(null) as Record<string, string>
    request.headers.forEach((value, name) => (headers[name] = value))
    return HttpResponse.json({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body }, { status })
  })
}
