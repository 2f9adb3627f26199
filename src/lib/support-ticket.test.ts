import { describe, expect, it } from 'vitest'
import { SUPPORT_CATEGORIES, SUPPORT_MESSAGE, SUPPORT_TICKET_LIMITS } from '../constants'
import {
  EMPTY_SUPPORT_DRAFT,
  projectSupportPath,
  supportCategoryFrom,
  supportDraftFromQuery,
  validateSupportTicket,
  type SupportTicketDraft,
} from './support-ticket'
import { itReadsEach } from '../test/each-row'

const valid: SupportTicketDraft = {
  ...EMPTY_SUPPORT_DRAFT,
  category: 'Dashboard_bug',
  subject: '  Dashboard error on /org/acme  ',
  message: 'TypeError: x is undefined\n    at Thing',
}

describe('validateSupportTicket', () => {
  it('accepts a complete draft, trims the texts, defaults severity and drops empty optional ids', () => {
    const result = validateSupportTicket(valid)
    expect(result).toEqual({
      ok: true,
      errors: {},
      ticket: {
        category: 'Dashboard_bug',
        severity: 'Low',
        subject: 'Dashboard error on /org/acme',
        message: 'TypeError: x is undefined\n    at Thing',
        organizationSlug: undefined,
        projectRef: undefined,
        dashboardSentryIssueId: undefined,
      },
    })
    // Undefined keys vanish from the request body.
    expect(JSON.parse(JSON.stringify(result.ok && result.ticket))).not.toHaveProperty('projectRef')
  })

  it('keeps the chosen organization, project, severity and error report', () => {
    const result = validateSupportTicket({
      ...valid,
      severity: 'Urgent',
      organizationSlug: 'acme-corp',
      projectRef: 'abcdefgh',
      dashboardSentryIssueId: 'f00d',
    })
    expect(result.ok && result.ticket).toMatchObject({
      severity: 'Urgent',
      organizationSlug: 'acme-corp',
      projectRef: 'abcdefgh',
      dashboardSentryIssueId: 'f00d',
    })
  })

  it('accepts every SPEC category and nothing else', () => {
    for (const category of SUPPORT_CATEGORIES) expect(validateSupportTicket({ ...valid, category }).ok).toBe(true)
    for (const category of ['', 'dashboard_bug', 'Other']) {
      expect(validateSupportTicket({ ...valid, category }).errors).toEqual({ category: SUPPORT_MESSAGE.categoryRequired })
    }
  })

  it('gives one clear message per failing field', () => {
    const result = validateSupportTicket({ ...EMPTY_SUPPORT_DRAFT, severity: 'Whenever', organizationSlug: 'no spaces!' })
    expect(result).toEqual({
      ok: false,
      errors: {
        category: SUPPORT_MESSAGE.categoryRequired,
        severity: SUPPORT_MESSAGE.severityInvalid,
        organizationSlug: SUPPORT_MESSAGE.idInvalid,
        subject: SUPPORT_MESSAGE.subjectRequired,
        message: SUPPORT_MESSAGE.messageRequired,
      },
    })
  })

  it('treats whitespace as empty and enforces the lengths', () => {
    const { subjectMax, messageMin, messageMax } = SUPPORT_TICKET_LIMITS
    expect(validateSupportTicket({ ...valid, subject: '   ' }).errors).toEqual({ subject: SUPPORT_MESSAGE.subjectRequired })
    expect(validateSupportTicket({ ...valid, subject: 'x'.repeat(subjectMax) }).ok).toBe(true)
    expect(validateSupportTicket({ ...valid, subject: 'x'.repeat(subjectMax + 1) }).errors).toEqual({ subject: SUPPORT_MESSAGE.subjectTooLong(subjectMax) })
    expect(validateSupportTicket({ ...valid, message: ` ${'x'.repeat(messageMin - 1)} ` }).errors).toEqual({
      message: SUPPORT_MESSAGE.messageTooShort(messageMin),
    })
    expect(validateSupportTicket({ ...valid, message: 'x'.repeat(messageMin) }).ok).toBe(true)
    expect(validateSupportTicket({ ...valid, message: 'x'.repeat(messageMax + 1) }).errors).toEqual({ message: SUPPORT_MESSAGE.messageTooLong(messageMax) })
  })

  it('refuses bodies that are not a ticket at all without throwing', () => {
    expect(validateSupportTicket(null).ok).toBe(false)
    expect(validateSupportTicket('text').ok).toBe(false)
    expect(validateSupportTicket({ category: 'Problem', subject: 3, message: ['x'] }).errors).toEqual({
      subject: SUPPORT_MESSAGE.subjectRequired,
      message: SUPPORT_MESSAGE.messageRequired,
    })
  })
})

describe('supportCategoryFrom', () => {
  itReadsEach('matches a category case-insensitively: %j → %j', supportCategoryFrom, [
    ['dashboard_bug', 'Dashboard_bug'],
    [' LOGIN_ISSUES ', 'Login_issues'],
    ['Problem', 'Problem'],
  ])
  it('gives nothing for unknown or missing values', () => {
    for (const value of ['', 'bug', null, undefined]) expect(supportCategoryFrom(value)).toBeUndefined()
  })
})

describe('supportDraftFromQuery', () => {
  it('reads the error screen link (SPEC §2)', () => {
    const search = new URLSearchParams({
      category: 'dashboard_bug',
      sid: 'a1b2c3',
      subject: 'Dashboard error on /org/x',
      message: 'Error: boom\n  at X',
    }).toString()
    expect(supportDraftFromQuery(search)).toEqual({
      category: 'Dashboard_bug',
      dashboardSentryIssueId: 'a1b2c3',
      subject: 'Dashboard error on /org/x',
      message: 'Error: boom\n  at X',
    })
    expect(supportDraftFromQuery(`?${search}`)).toMatchObject({ category: 'Dashboard_bug' })
  })

  it('leaves out what is missing, unknown or malformed', () => {
    expect(supportDraftFromQuery('')).toEqual({})
    expect(supportDraftFromQuery('category=nonsense&sid=%3Cscript%3E&subject=%20%20')).toEqual({})
    expect(supportDraftFromQuery(`sid=${'a'.repeat(SUPPORT_TICKET_LIMITS.idMax + 1)}`)).toEqual({})
  })

  it('reads a project screen link: organization and project prefilled, malformed ones dropped', () => {
    const path = projectSupportPath({ category: 'Database_unresponsive', projectRef: 'abcdefghij', organizationSlug: 'acme-corp', subject: 'Project failed' })
    expect(path.startsWith('/support/new?')).toBe(true)
    expect(supportDraftFromQuery(path.slice(path.indexOf('?')))).toEqual({
      category: 'Database_unresponsive',
      projectRef: 'abcdefghij',
      organizationSlug: 'acme-corp',
      subject: 'Project failed',
    })
    expect(supportDraftFromQuery('projectRef=%3Cimg%3E&orgSlug=a%20b')).toEqual({})
  })

  it('cuts long prefilled texts to what the form accepts, so a long stack trace can still be sent', () => {
    const { subjectMax, messageMax } = SUPPORT_TICKET_LIMITS
    const draft = supportDraftFromQuery(
      new URLSearchParams({ category: 'dashboard_bug', subject: 's'.repeat(500), message: 'm'.repeat(messageMax * 2) }).toString(),
    )
    expect(draft.subject).toHaveLength(subjectMax)
    expect(draft.message).toHaveLength(messageMax)
    expect(validateSupportTicket({ ...EMPTY_SUPPORT_DRAFT, ...draft }).ok).toBe(true)
  })
})
