import { HttpHandler, matchRequestUrl, type RequestHandler } from 'msw'
import { MFA_MESSAGE } from '../../src/constants'
import { hasVerifiedFactor } from '../auth/totp-factors'
import type { PlatformContext } from '../context'
import { bearerClaims, errorResponse } from './util'

/** What a member without a second factor may still read of an organization that requires one: a project's detail, so the dashboard knows whose it is and shows why it stops. */
const OPEN_WITHOUT_MFA = [/^GET \*?.*\/platform\/projects\/:ref$/]

const guarded = new WeakSet<RequestHandler>()

/**
 * An organization that requires multi-factor authentication (`organization_requires_mfa`) is the
 * platform's rule, not the dashboard's: every call naming it (`:slug`) or one of its projects
 * (`:ref`) is refused 403 to a member with no verified factor — a personal access token of theirs
 * too. Such a member's sessions are aal2 anyway (util.ts refuses aal1 of a user with a factor).
 * Wraps each handler's run like the audit does; the request is matched against the handler's own
 * pattern only when the handler is the one it is for.
 */
export function requireOrganizationMfa<H extends RequestHandler>(ctx: PlatformContext, handlers: H[]): H[] {
  for (const handler of handlers) {
    if (!(handler instanceof HttpHandler) || guarded.has(handler)) continue
    const { method, path } = handler.info
    if (typeof path !== 'string' || typeof method !== 'string' || !/\/:(ref|slug)(\/|$)/.test(path)) continue
    if (OPEN_WITHOUT_MFA.some((open) => open.test(`${method.toUpperCase()} ${path}`))) continue
    guarded.add(handler)
    const run = handler.run.bind(handler)
    handler.run = async (args) => {
      if (ctx.selfHosted || args.request.method.toUpperCase() !== method.toUpperCase()) return run(args)
      const match = matchRequestUrl(new URL(args.request.url), path)
      if (!match.matches) return run(args)
      const organization = requiringOrganization(ctx, match.params ?? {})
      if (!organization) return run(args)
      const userId = bearerClaims(ctx, args.request)?.userId
      const user = userId ? ctx.db.users.findFirst((q) => q.where({ id: userId })) : undefined
      // No one signed in: the handler answers its own 401.
      if (!user || hasVerifiedFactor(user)) return run(args)
      return { handler, request: args.request, requestId: args.requestId, response: errorResponse(403, MFA_MESSAGE.required(organization.name)) }
    }
  }
  return handlers
}

/** The organization a call names, directly or through its project, when it requires MFA. */
function requiringOrganization(ctx: PlatformContext, params: Record<string, unknown>) {
  const ref = typeof params['ref'] === 'string' ? params['ref'] : null
  const slug = typeof params['slug'] === 'string' ? params['slug'] : ref ? ctx.db.projects.findFirst((q) => q.where({ ref }))?.organization_slug : undefined
  if (!slug) return null
  const organization = ctx.db.organizations.findFirst((q) => q.where({ slug }))
  return organization?.organization_requires_mfa ? organization : null
}
