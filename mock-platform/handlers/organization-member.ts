import type { PlatformContext } from '../context'
import { roleOf } from '../auth/organization-roles'
import { errorResponse, findMemberOrganization, signedIn } from './util'

/** The signed-in member of the organization, the organization and their role in it; or the refusal (404 to an outsider). */
export async function asOrganizationMember(ctx: PlatformContext, request: Request, slug: string) {
  const { user, denied } = await signedIn(ctx, request)
  if (denied) return { denied }
  const organization = findMemberOrganization(ctx, user.id, slug)
  const permission = ctx.db.permissions.findFirst((q) => q.where({ gotrue_id: user.id, organization_slug: slug }))
  if (!organization || !permission) return { denied: errorResponse(404, 'Organization not found') }
  return { user, organization, role: roleOf(permission), denied: undefined }
}
