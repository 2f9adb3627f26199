import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { BILLING_RESOURCES, COMPUTE_PRICES_MONTHLY, COMPUTE_SIZES, INACTIVE_PROJECT_STATUSES, PROJECT_SETTINGS_MESSAGE, type ComputeSizeId, type ProjectStatus } from '../../src/constants'
import { PermissionAction } from '../../src/lib/permissions'
import type { PlatformContext } from '../context'
import { isSettling, POLLS_UNTIL_SETTLED } from '../records/db'
import { rememberProjectSettings } from '../auth/account-store'
import { billedComputeSize } from '../billing/organization-billing'
import { authorizeProject, errorResponse, readBody, type RequiredPermission } from './util'

const COMPUTE_PERMISSION: RequiredPermission = { action: PermissionAction.BILLING_WRITE, resource: BILLING_RESOURCES.subscriptions, what: PROJECT_SETTINGS_MESSAGE.computeDenied }
const COMPUTE_ADDON_TYPE = 'compute_instance'
const variantOf = (size: ComputeSizeId) => `ci_${size}`

const AddonBodySchema = v.object({ addon_type: v.literal(COMPUTE_ADDON_TYPE), addon_variant: v.string() })

function computeVariant(size: (typeof COMPUTE_SIZES)[number]) {
  return {
    identifier: variantOf(size.id),
    name: size.label,
    price: COMPUTE_PRICES_MONTHLY[size.id],
    price_interval: 'monthly',
    price_type: 'fixed',
    meta: {
      cpu_cores: size.cpu,
      cpu_dedicated: size.dedicatedCpu,
      memory_gb: size.memoryGb,
      baseline_disk_io_mbs: size.baselineDiskIoMbps,
      max_disk_io_mbs: size.maxDiskIoMbps,
      connections_direct: size.directConnections,
      connections_pooler: size.poolerConnections,
    },
  }
}

/**
 * A project's compute size as the platform sells it: an add-on of the project (the real platform's
 * `…/billing/addons`, type `compute_instance`). Changing it restarts the project on the new size
 * (RESIZING, then healthy) and the organization's upcoming invoice bills the new size from then on
 * (billing/upcoming-invoice.ts reads the project's size).
 */
export function projectComputeHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref/billing/addons', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref))
      if (denied || !project) return denied
      const current = COMPUTE_SIZES.find((size) => size.id === billedComputeSize(project))!
      return HttpResponse.json({
        ref: project.ref,
        selected_addons: [{ type: COMPUTE_ADDON_TYPE, variant: computeVariant(current) }],
        available_addons: [{ type: COMPUTE_ADDON_TYPE, name: 'Compute Instance', variants: COMPUTE_SIZES.map(computeVariant) }],
      })
    }),
    http.post('*/platform/projects/:ref/billing/addons', async ({ request, params }) => {
      const { project, denied } = await authorizeProject(ctx, request, String(params.ref), { outsiders: 404, permission: COMPUTE_PERMISSION })
      if (denied || !project) return denied
      const { body, invalid } = await readBody(request, AddonBodySchema)
      if (invalid) return invalid
      const size = COMPUTE_SIZES.find((each) => variantOf(each.id) === body.addon_variant)
      if (!size) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.computeUnknownSize)
      if (isSettling(project.status)) return errorResponse(409, PROJECT_SETTINGS_MESSAGE.computeSettling)
      if (INACTIVE_PROJECT_STATUSES.includes(project.status as ProjectStatus) || !project.status.startsWith('ACTIVE_')) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.computeNotActive)
      if (billedComputeSize(project) === size.id) return errorResponse(400, PROJECT_SETTINGS_MESSAGE.computeSameSize)
      const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
      if (organization?.plan.id === 'free' && size.id !== 'nano') return errorResponse(400, PROJECT_SETTINGS_MESSAGE.computeFreePlan(size.label))
      const updated = await ctx.db.projects.update(project, {
        data(p) {
          p.infra_compute_size = size.id
          p.status = 'RESIZING'
          p.polls_until_settled = POLLS_UNTIL_SETTLED.RESIZING
        },
      })
      if (!updated) return errorResponse(404, 'Project not found')
      rememberProjectSettings(ctx, updated)
      return HttpResponse.json({ ref: updated.ref, selected_addon: { type: COMPUTE_ADDON_TYPE, variant: computeVariant(size) } }, { status: 201 })
    }),
  ]
}
