import { beforeEach, describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { issueAccessToken } from '../../../mock-platform/auth/access-tokens'
import { TEST_API_BASE, useNodeMockPlatform } from '../../../mock-platform/testing'
import { signedInTestClient } from '../../test/signed-in-client'
import { SUPPORT_MESSAGE } from '../../constants'
import type { SupportTicket } from '../../lib/support-ticket'
import { ApiError } from '../errors'
import { sendSupportTicket } from './support'

const fixtures = createPlatformFixtures()
const demo = fixtures.users[0]!
const acmeProject = fixtures.projects.find((p) => p.organization_slug === 'acme-corp')!
const globexProject = fixtures.projects.find((p) => p.organization_slug === 'globex')!
const platform = useNodeMockPlatform()
const client = signedInTestClient(demo.id)

const ticket: SupportTicket = {
  category: 'Dashboard_bug',
  severity: 'Normal',
  subject: 'Dashboard error on /org/acme-corp',
  message: 'TypeError: boom\n    at Page',
  organizationSlug: undefined,
  projectRef: undefined,
  dashboardSentryIssueId: 'abc123',
}

const post = (body: unknown, token: string | null = issueAccessToken(demo.id, 3600)) =>
  fetch(`${TEST_API_BASE}/platform/feedback/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

beforeEach(() => platform.mock.platform.db.supportTickets.clear())

describe('sendSupportTicket → POST /platform/feedback/send', () => {
  it('files the ticket for the signed-in user and answers its reference', async () => {
    expect(await sendSupportTicket(ticket, { client })).toEqual({ ticketId: 'SR-000001' })
    const filed = platform.mock.platform.db.supportTickets.all()
    expect(filed).toHaveLength(1)
    expect(filed[0]).toMatchObject({
      id: 'SR-000001',
      gotrue_id: demo.id,
      category: 'Dashboard_bug',
      severity: 'Normal',
      subject: 'Dashboard error on /org/acme-corp',
      message: 'TypeError: boom\n    at Page',
      organizationSlug: null,
      projectRef: null,
      dashboardSentryIssueId: 'abc123',
    })
    expect(await sendSupportTicket({ ...ticket, organizationSlug: 'acme-corp', projectRef: acmeProject.ref }, { client })).toEqual({ ticketId: 'SR-000002' })
    expect(platform.mock.platform.db.supportTickets.all()[1]).toMatchObject({ organizationSlug: 'acme-corp', projectRef: acmeProject.ref })
  })

  it('refuses an invalid body with 400 and the message of the failing field, filing nothing', async () => {
    const answer = await post({ ...ticket, subject: '   ' })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: `subject: ${SUPPORT_MESSAGE.subjectRequired}` })
    expect((await post({ ...ticket, category: 'Gossip' })).status).toBe(400)
    expect((await post('not json')).status).toBe(400)
    expect(platform.mock.platform.db.supportTickets.count()).toBe(0)
  })

  it('accepts the category only in its platform spelling and applies the Low default severity', async () => {
    expect((await post({ ...ticket, category: 'dashboard_bug' })).status).toBe(400)
    const { severity: _, ...withoutSeverity } = ticket
    const answer = await post(withoutSeverity)
    expect(answer.status).toBe(201)
    expect(platform.mock.platform.db.supportTickets.all()[0]).toMatchObject({ severity: 'Low' })
  })

  it("refuses organizations and projects that are not the user's, or a project of another organization", async () => {
    await expect(sendSupportTicket({ ...ticket, organizationSlug: 'umbrella-labs' }, { client })).rejects.toMatchObject({
      code: 404,
      message: SUPPORT_MESSAGE.organizationNotFound,
    })
    await expect(sendSupportTicket({ ...ticket, projectRef: 'nosuchproject' }, { client })).rejects.toMatchObject({
      code: 404,
      message: SUPPORT_MESSAGE.projectNotFound,
    })
    const error = await sendSupportTicket({ ...ticket, organizationSlug: 'acme-corp', projectRef: globexProject.ref }, { client }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 400, message: SUPPORT_MESSAGE.projectNotInOrganization(globexProject.ref, 'acme-corp') })
    expect(platform.mock.platform.db.supportTickets.count()).toBe(0)
  })

  it('answers 401 without a session', async () => {
    expect((await post(ticket, null)).status).toBe(401)
  })
})
