import { http, HttpResponse } from 'msw'
import { SUPPORT_MESSAGE } from '../../src/constants'
import { validateSupportTicket } from '../../src/lib/support-ticket'
import type { PlatformContext } from '../context'
import { errorResponse, findMemberProject, isOrganizationMember, signedIn } from './util'

/** The real platform's support-ticket path. */
export const SUPPORT_TICKET_PATH = '*/platform/feedback/send'

/** The reference of the n-th ticket: what the success screen quotes. */
export const supportTicketId = (n: number) => `SR-${String(n).padStart(6, '0')}`

/**
 * Support requests: the body is checked with the form's own schema (400 with the first field's
 * message), the organization and project must be the user's, and the ticket is filed in
 * `db.supportTickets` so tests can read what was sent.
 */
export function supportHandlers(ctx: PlatformContext) {
  return [
    http.post(SUPPORT_TICKET_PATH, async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const body: unknown = await request.json().catch(() => null)
      const result = validateSupportTicket(body)
      if (!result.ok) {
        const [field, message] = Object.entries(result.errors)[0]!
        return errorResponse(400, `${field}: ${message}`)
      }
      const { ticket } = result
      if (ticket.organizationSlug) {
        if (!isOrganizationMember(ctx, user.id, ticket.organizationSlug)) return errorResponse(404, SUPPORT_MESSAGE.organizationNotFound)
      }
      if (ticket.projectRef) {
        const project = findMemberProject(ctx, user.id, ticket.projectRef)
        if (!project) return errorResponse(404, SUPPORT_MESSAGE.projectNotFound)
        if (ticket.organizationSlug && project.organization_slug !== ticket.organizationSlug) {
          return errorResponse(400, SUPPORT_MESSAGE.projectNotInOrganization(ticket.projectRef, ticket.organizationSlug))
        }
      }
      const id = supportTicketId(ctx.db.supportTickets.count() + 1)
      await ctx.db.supportTickets.create({
        id,
        gotrue_id: user.id,
        created_at: new Date(Date.now() + ctx.clockOffset).toISOString(),
        category: ticket.category,
        severity: ticket.severity,
        subject: ticket.subject,
        message: ticket.message,
        organizationSlug: ticket.organizationSlug ?? null,
        projectRef: ticket.projectRef ?? null,
        dashboardSentryIssueId: ticket.dashboardSentryIssueId ?? null,
      })
      return HttpResponse.json({ result: 'ok', ticket_id: id }, { status: 201 })
    }),
  ]
}
