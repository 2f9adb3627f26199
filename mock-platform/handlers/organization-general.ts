import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { ORGANIZATION_ROLE, ORGANIZATION_SETTINGS_MESSAGE } from '../../src/constants'
import type { PlatformContext } from '../context'
import { mayManageMembers } from '../../src/lib/organization-roles'
import { rememberOrganizationDeleted, rememberOrganizationName, removeOrganizationRecords } from '../auth/organization-store'
import { errorResponse, readBody } from './util'
import { asOrganizationMember } from './organization-member'

const NAME_MAX_LENGTH = 64
const RenameBodySchema = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1, ORGANIZATION_SETTINGS_MESSAGE.nameRequired), v.maxLength(NAME_MAX_LENGTH)) })

/** An organization's name and its deletion (PLATFORM-API §2 `PATCH`/`DELETE /platform/organizations/{slug}`). */
export function organizationGeneralHandlers(ctx: PlatformContext) {
  const asMember = (request: Request, slug: string) => asOrganizationMember(ctx, request, slug)

  return [
    http.patch('*/platform/organizations/:slug', async ({ request, params }) => {
      const { organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (!mayManageMembers(role)) return errorResponse(403, `You do not have permission to ${ORGANIZATION_SETTINGS_MESSAGE.renameDenied}`)
      const { body, invalid } = await readBody(request, RenameBodySchema)
      if (invalid) return invalid
      const renamed = await ctx.db.organizations.update(organization, { data: (o) => void (o.name = body.name) })
      if (!renamed) return errorResponse(404, 'Organization not found')
      rememberOrganizationName(ctx, renamed.slug, renamed.name)
      return HttpResponse.json(renamed)
    }),
    http.delete('*/platform/organizations/:slug', async ({ request, params }) => {
      const { organization, role, denied } = await asMember(request, String(params.slug))
      if (denied) return denied
      if (role !== ORGANIZATION_ROLE.owner) return errorResponse(403, ORGANIZATION_SETTINGS_MESSAGE.deleteOwnersOnly)
      const projects = ctx.db.projects.findMany((q) => q.where({ organization_slug: organization.slug })).length
      if (projects > 0) return errorResponse(400, ORGANIZATION_SETTINGS_MESSAGE.deleteHasProjects(projects))
      removeOrganizationRecords(ctx, organization.slug)
      rememberOrganizationDeleted(ctx, organization.slug)
      return HttpResponse.json({ id: organization.id, slug: organization.slug, name: organization.name })
    }),
  ]
}
