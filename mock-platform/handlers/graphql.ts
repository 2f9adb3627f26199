import { http, HttpResponse } from 'msw'
import { GRAPHQL_AUTHORIZATION_HEADER, GRAPHQL_TOKEN_LIFETIME_SECONDS, PERMISSION_MESSAGE, PLATFORM_API_ROLES } from '../../src/constants'
import { graphqlRolesFor, isApiRole, type ApiRole, type TokenClaims } from '../../src/lib/graphql-token'
import { platformNow } from '../auth/auth-sessions'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { readRoleToken, signRoleToken } from '../auth/project-jwt'
import { authorizeProject, errorResponse, mayChangeProjectData, readJson } from './util'

/**
 * Which roles a member may run GraphQL as is decided here from their permissions (SPEC §6), by the
 * same check as their SQL (pg-meta): whether they may change the project's data (graphqlRolesFor).
 *
 * Decisions:
 * - One who may write may be any API role. One who may only read runs read-only, as `anon` or
 *   `authenticated`: the read-only run's role may act as those, never as `service_role`, which
 *   bypasses row-level security (and whose key they are not shown).
 * - No header is the member's own highest role: `service_role` for one who may write (the
 *   platform's route calls with the service key), `authenticated` (as themselves, like the role
 *   picker's token) for one who may only read; never `service_role` for someone who may not write.
 */
/** The claims the member runs with as `role`: as themselves (`sub`) when `authenticated`. */
const memberClaims = (role: ApiRole, userId: string): TokenClaims => (role === 'authenticated' ? { role, sub: userId, aud: 'authenticated' } : { role })

const refuseRole = () => errorResponse(403, PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.runGraphqlAsServiceRole))

/**
 * POST /platform/projects/{ref}/api/graphql (PLATFORM-API §7): the project's GraphQL API, answered
 * like pg_graphql would from the project's own database, as the role of the JWT in
 * `x-graphql-authorization`: one the platform signed (the project's API keys, or the role picker's
 * from …/api/graphql/token; project-jwt.ts). GraphQL's own failures (syntax, validation, a refused
 * statement) are `{errors}` answered 200, as GraphQL servers answer them; a refused token is 401.
 */
export function graphqlHandlers(ctx: PlatformContext) {
  return [
    http.post('*/platform/projects/:ref/api/graphql', async ({ request, params }) => {
      const ref = String(params.ref)
      const { user, project, denied } = await authorizeProject(ctx, request, ref, { active: true })
      if (denied) return denied
      const token = await readRoleToken(ctx, ref, request.headers.get(GRAPHQL_AUTHORIZATION_HEADER), platformNow(ctx))
      if (token.error !== undefined) return errorResponse(401, token.error)
      const mayWrite = mayChangeProjectData(ctx, user.id, project)
      const roles = graphqlRolesFor(mayWrite)
      const claims = token.claims ?? memberClaims(roles[roles.length - 1]!, user.id)
      if (!roles.includes(claims.role)) return refuseRole()
      const body = await readJson(request)
      const { database } = await openProjectDatabase(ctx, project, request)
      // graphql-js and the compiler load with the first request, not with the mock platform.
      const { runGraphql } = await import('../graphql/index.ts')
      return HttpResponse.json(await runGraphql(database, body, claims, { readOnly: !mayWrite, signal: request.signal }))
    }),

    // The role picker's token: signed for the member, for a role they may take, an hour long.
    http.post('*/platform/projects/:ref/api/graphql/token', async ({ request, params }) => {
      const ref = String(params.ref)
      const { user, project, denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      const { role } = await readJson(request)
      if (!isApiRole(role)) return errorResponse(400, `role must be one of ${PLATFORM_API_ROLES.join(', ')}`)
      if (!graphqlRolesFor(mayChangeProjectData(ctx, user.id, project)).includes(role)) return refuseRole()
      // As the member themselves when authenticated, as the endpoint's default is.
      const token = await signRoleToken(ctx, ref, { role, sub: role === 'authenticated' ? user.id : undefined }, GRAPHQL_TOKEN_LIFETIME_SECONDS, platformNow(ctx))
      return HttpResponse.json({ role, token, expires_in: GRAPHQL_TOKEN_LIFETIME_SECONDS })
    }),
  ]
}
