import type { MockProvider } from '../../src/constants'
import type { PlatformContext } from '../context'
import { advisorHandlers } from './advisors'
import { assistantHandlers } from './assistant'
import { authHandlers } from './auth'
import { authFactorHandlers } from './auth-factors'
import { authAdminHandlers } from './auth-admin'
import { billingHandlers } from './billing'
import { billingAccountHandlers } from './billing-account'
import { codeHostingHandlers } from './code-hosting'
import { consentHandlers } from './consent'
import { contentHandlers } from './content'
import { databaseHandlers } from './database'
import { graphqlHandlers } from './graphql'
import { invitationHandlers } from './invitations'
import { logHandlers } from './logs'
import { organizationHandlers } from './organizations'
import { organizationGeneralHandlers } from './organization-general'
import { organizationMemberHandlers } from './organization-members'
import { pgMetaHandlers } from './pg-meta'
import { profileHandlers } from './profile'
import { projectHandlers } from './projects'
import { projectSettingsHandlers } from './project-settings'
import { projectDatabaseSettingsHandlers } from './project-database-settings'
import { projectComputeHandlers } from './project-compute'
import { storageHandlers } from './storage'
import { supportHandlers } from './support'
import { systemHandlers, type PlatformRecords } from './system'
import { unstorableTextHandler } from './unstorable-text'
import { auditHandlers } from './audit-recording'
import { accountHandlers, recordAccessTokenUse } from './account'
import { auditLogHandlers } from './audit'
import { requireOrganizationMfa } from './organization-mfa'

/** The platform's handlers; `mockProviders`: the stand-ins for other services that answer (off ones are not there at all). */
export function createPlatformHandlers(ctx: PlatformContext, records: PlatformRecords, mockProviders: ReadonlySet<MockProvider>) {
  const handlers = [
    ...authHandlers(ctx),
    ...authFactorHandlers(ctx),
    ...profileHandlers(ctx),
    ...accountHandlers(ctx),
    ...organizationHandlers(ctx),
    ...organizationGeneralHandlers(ctx),
    ...organizationMemberHandlers(ctx),
    ...billingHandlers(ctx),
    ...billingAccountHandlers(ctx),
    ...invitationHandlers(ctx),
    ...projectHandlers(ctx),
    ...projectSettingsHandlers(ctx),
    ...projectDatabaseSettingsHandlers(ctx),
    ...projectComputeHandlers(ctx),
    ...contentHandlers(ctx),
    ...pgMetaHandlers(ctx),
    ...authAdminHandlers(ctx),
    ...databaseHandlers(ctx, { echo: mockProviders.has('webhook-echo') }),
    ...graphqlHandlers(ctx),
    ...storageHandlers(ctx),
    ...logHandlers(ctx),
    ...advisorHandlers(ctx),
    ...assistantHandlers(ctx),
    ...codeHostingHandlers(ctx, { provider: mockProviders.has('code-hosting') }),
    ...supportHandlers(ctx),
    ...consentHandlers(ctx),
    ...auditLogHandlers(ctx),
    ...systemHandlers(ctx, records),
  ]
  auditHandlers(ctx, handlers)
  recordAccessTokenUse(ctx, handlers)
  requireOrganizationMfa(ctx, handlers)
  // Before any of them: a body PostgreSQL cannot store is refused before a handler changes anything.
  return [unstorableTextHandler(() => handlers), ...handlers]
}
