import { http, HttpResponse } from 'msw'
import { GRAPHQL_AUTHORIZATION_HEADER } from '../../src/constants'
import { readAuthorization } from '../../src/lib/graphql-token'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../database-start'
import { authorizeProject, errorResponse, readJson } from './util'

/**
 * POST /platform/projects/{ref}/api/graphql (PLATFORM-API §7): the project's GraphQL API, answered
 * like pg_graphql would from the project's own database. The caller's JWT comes in
 * `x-graphql-authorization` (src/lib/graphql-token.ts); its role is the role the SQL runs as, so
 * a member who may only read the dashboard can still run a mutation as `service_role`: the
 * database, not the dashboard, decides what the role may do. GraphQL's own failures (syntax,
 * validation, a refused statement) are `{errors}` answered 200, as GraphQL servers answer them.
 */
export function graphqlHandlers(ctx: PlatformContext) {
  return [
    http.post('*/platform/projects/:ref/api/graphql', async ({ request, params }) => {
      const ref = String(params.ref)
      const { project, denied } = await authorizeProject(ctx, request, ref, { active: true })
      if (denied) return denied
      const token = readAuthorization(request.headers.get(GRAPHQL_AUTHORIZATION_HEADER))
      if (token.error !== undefined) return errorResponse(401, token.error)
      const body = await readJson(request)
      const { database } = await openProjectDatabase(ctx, project, request)
      // graphql-js and the compiler load with the first request, not with the mock platform.
      const { runGraphql } = await import('../graphql/index.ts')
      const answer = await runGraphql(database, body, token.claims, request.signal)
      return HttpResponse.json(answer)
    }),
  ]
}
