import * as v from 'valibot'
import { DEFAULT_SUPPORT_SEVERITY, SUPPORT_CATEGORIES, SUPPORT_MESSAGE, SUPPORT_SEVERITIES, SUPPORT_TICKET_LIMITS, type SupportCategory } from '../constants'

const { subjectMax, messageMin, messageMax, idMax } = SUPPORT_TICKET_LIMITS

/** Organization slugs, project refs and error-report ids: letters, digits, hyphen and underscore. */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/

/** An optional id: absent or blank means none (undefined), so a form's empty select sends nothing. */
const OptionalIdSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.maxLength(idMax, SUPPORT_MESSAGE.idInvalid),
  v.check((value) => value === '' || ID_PATTERN.test(value), SUPPORT_MESSAGE.idInvalid),
  v.transform((value) => (value === '' ? undefined : value)),
)

/**
 * A support request: what the form checks before sending and what the mock platform checks on
 * `POST /platform/feedback/send` (the real platform's body keys). One schema for both sides.
 */
export const SupportTicketSchema = v.object({
  category: v.picklist(SUPPORT_CATEGORIES, SUPPORT_MESSAGE.categoryRequired),
  severity: v.optional(v.picklist(SUPPORT_SEVERITIES, SUPPORT_MESSAGE.severityInvalid), DEFAULT_SUPPORT_SEVERITY),
  organizationSlug: OptionalIdSchema,
  projectRef: OptionalIdSchema,
  subject: v.pipe(
    v.string(SUPPORT_MESSAGE.subjectRequired),
    v.trim(),
    v.nonEmpty(SUPPORT_MESSAGE.subjectRequired),
    v.maxLength(subjectMax, SUPPORT_MESSAGE.subjectTooLong(subjectMax)),
  ),
  message: v.pipe(
    v.string(SUPPORT_MESSAGE.messageRequired),
    v.trim(),
    v.nonEmpty(SUPPORT_MESSAGE.messageRequired),
    v.minLength(messageMin, SUPPORT_MESSAGE.messageTooShort(messageMin)),
    v.maxLength(messageMax, SUPPORT_MESSAGE.messageTooLong(messageMax)),
  ),
  /** The error-report id of a crash (the `sid` of the support link, SPEC §2). */
  dashboardSentryIssueId: OptionalIdSchema,
})
export type SupportTicket = v.InferOutput<typeof SupportTicketSchema>

/** The form's values: every field a string, '' when empty. */
export interface SupportTicketDraft {
  category: string
  severity: string
  organizationSlug: string
  projectRef: string
  subject: string
  message: string
  dashboardSentryIssueId: string
}
export type SupportTicketField = keyof SupportTicketDraft
export type SupportTicketErrors = Partial<Record<SupportTicketField, string>>

export const EMPTY_SUPPORT_DRAFT: SupportTicketDraft = {
  category: '',
  severity: DEFAULT_SUPPORT_SEVERITY,
  organizationSlug: '',
  projectRef: '',
  subject: '',
  message: '',
  dashboardSentryIssueId: '',
}

export type SupportTicketValidation = { ok: true; ticket: SupportTicket; errors: SupportTicketErrors } | { ok: false; errors: SupportTicketErrors }

/** Checks a draft (or a request body): the ticket to send, or the first message of each failing field. */
export function validateSupportTicket(input: unknown): SupportTicketValidation {
  const result = v.safeParse(SupportTicketSchema, input)
  if (result.success) return { ok: true, ticket: result.output, errors: {} }
  const errors: SupportTicketErrors = {}
  const nested = v.flatten<typeof SupportTicketSchema>(result.issues).nested ?? {}
  for (const [field, messages] of Object.entries(nested)) {
    if (messages?.[0] && field in EMPTY_SUPPORT_DRAFT) errors[field as SupportTicketField] = messages[0]
  }
  // A body that is not an object at all has no per-field issues: blame the first required field.
  if (Object.keys(errors).length === 0) errors.category = result.issues[0].message
  return { ok: false, errors }
}

/** A category from a link, matched case-insensitively (the error screen sends `dashboard_bug`). */
export function supportCategoryFrom(value: string | null | undefined): SupportCategory | undefined {
  const wanted = value?.trim().toLowerCase()
  return wanted ? SUPPORT_CATEGORIES.find((c) => c.toLowerCase() === wanted) : undefined
}

const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The form's starting values from /support/new's query (SPEC §2: category, subject, message, sid;
 * and `orgSlug` / `projectRef` from a project's screens, as the platform's support links carry them).
 * Unknown categories and malformed error-report ids are dropped; long texts are cut to what the
 * form accepts, so a prefilled stack trace never blocks sending.
 */
export function supportDraftFromQuery(search: string): Partial<SupportTicketDraft> {
  const params = new URLSearchParams(search)
  const draft: Partial<SupportTicketDraft> = {}
  const category = supportCategoryFrom(params.get('category'))
  if (category) draft.category = category
  const subject = params.get('subject')?.trim()
  if (subject) draft.subject = subject.slice(0, subjectMax)
  const message = params.get('message')?.trim()
  if (message) draft.message = message.slice(0, messageMax)
  const sid = params.get('sid')?.trim()
  if (sid && sid.length <= idMax && ID_PATTERN.test(sid)) draft.dashboardSentryIssueId = sid
  const organizationSlug = params.get('orgSlug')?.trim()
  if (organizationSlug && SLUG_PATTERN.test(organizationSlug)) draft.organizationSlug = organizationSlug
  const projectRef = params.get('projectRef')?.trim()
  if (projectRef && SLUG_PATTERN.test(projectRef)) draft.projectRef = projectRef
  return draft
}

/** A link to the support form about one project (its organization and ref prefilled). */
export function projectSupportPath(request: { category: SupportCategory; projectRef: string; organizationSlug?: string; subject: string }): string {
  const params = new URLSearchParams({ category: request.category, projectRef: request.projectRef, subject: request.subject })
  if (request.organizationSlug) params.set('orgSlug', request.organizationSlug)
  return `/support/new?${params.toString()}`
}
