import { useInfiniteQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link, useLocation, useParams } from 'wouter'
import { organizationProjectsQuery } from '../../api/queries/organizations'
import { isOrioleDbVersion } from '../../api/schemas'
import { Badge } from '../../ui/badge'
import { cardLinkClass } from '../../ui/card'
import { Button } from '../../ui/button'
import { EmptyState, QueryStates } from '../../ui/states'
import { QueryLoadingState } from '../retries'
import { cloudProviderLabel, regionLabel, STATUS_PRESENTATION } from '../projects'
import { MFA_MESSAGE, NEW_ORGANIZATION_MESSAGE, PERMISSION_MESSAGE, PERMISSION_RESOURCES } from '../../constants'
import { Callout } from '../../ui/callout'
import { useMfaGate } from './use-mfa-gate'
import { PermissionAction } from '../../lib/permissions'
import { GuardedButton } from '../../ui/guarded-button'
import { useFeatureEnabled, usePermission } from '../permissions'
import { useRouteOrganization } from './use-route-organization'
import { OrganizationNav } from './OrganizationNav'
import { pageClass } from '../../ui/page-layout'
import { CodeHostingSection } from '../code-hosting'
import { settings } from '../../lib/settings'
import { ExternalLink } from '../../ui/external-link'

/** /org/{slug}: the organization's projects. */
export default function OrganizationPage() {
  const { slug } = useParams<{ slug: string }>()
  const { organization } = useRouteOrganization(slug)
  const [, navigate] = useLocation()
  const mfa = useMfaGate(organization)
  const mfaBlocked = mfa === 'blocked'
  const projectCreation = useFeatureEnabled('project_creation:all')
  const canCreate = usePermission(PermissionAction.CREATE, PERMISSION_RESOURCES.projects, organization ? { organizationSlug: organization.slug } : undefined, PERMISSION_MESSAGE.createProject)
  const projects = useInfiniteQuery({ ...organizationProjectsQuery(slug), enabled: Boolean(organization) && mfa === 'open' })
  const list = projects.data?.pages.flatMap((page) => page.projects) ?? []

  return (
    <div className={pageClass}>
      <OrganizationNav
        slug={slug}
        name={organization?.name ?? slug}
        current="projects"
        actions={
          projectCreation ? (
            <GuardedButton
              variant="primary"
              disabled={!organization || canCreate.loading}
              blockedReason={mfaBlocked ? MFA_MESSAGE.requiredTitle : canCreate.reason}
              onClick={() => navigate(`/new/${slug}`)}
            >
              New project
            </GuardedButton>
          ) : null
        }
      />
      {mfaBlocked && organization ? (
        <Callout tone="warning" title={MFA_MESSAGE.requiredTitle}>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })}>
            <p>{MFA_MESSAGE.required(organization.name)}</p>
            <Link href="/account/security" className={button({ variant: 'primary', size: 'sm' })}>
              {MFA_MESSAGE.enrol}
            </Link>
          </div>
        </Callout>
      ) : (
        <QueryStates query={projects} loading={<QueryLoadingState label="Loading projects…" queryKey={organizationProjectsQuery(slug).queryKey} />} failed="Failed to load projects">
          {() => list.length === 0 ? (
            <EmptyState title="No projects yet">
              <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
                <p>{NEW_ORGANIZATION_MESSAGE.emptyOrganization}</p>
                {/* Only a link the user can follow: without the permission the header's button says why. */}
                {canCreate.allowed && projectCreation ? (
                  <Link href={`/new/${encodeURIComponent(slug)}`} className={button({ variant: 'primary' })}>
                    {NEW_ORGANIZATION_MESSAGE.newProject}
                  </Link>
                ) : null}
              </div>
            </EmptyState>
          ) : (
            <ul aria-label="Projects" className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '3' })}>
              {list.map((project) => {
                const status = STATUS_PRESENTATION[project.status]
                return (
                  <li key={project.ref}>
                    <Link href={`/project/${project.ref}`} className={cardLinkClass}>
                      <span className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                        <strong>{project.name}</strong>
                        <span className={css({ display: 'flex', gap: '1' })}>
                          {isOrioleDbVersion(project.dbVersion) ? <Badge tone="info">OrioleDB</Badge> : null}
                          <Badge tone={status.tone}>{status.label}</Badge>
                        </span>
                      </span>
                      <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                        {cloudProviderLabel(project.cloud_provider)} · {regionLabel(project.region)}
                      </span>
                    </Link>
                  </li>
                )
              })}
            </ul>
          )}
        </QueryStates>
      )}
      {projects.hasNextPage ? (
        <Button onClick={() => void projects.fetchNextPage()} loading={projects.isFetchingNextPage}>
          Load more projects
        </Button>
      ) : null}
      {organization && mfa === 'open' ? <CodeHostingSection organizationSlug={organization.slug} /> : null}
      <LegalDocuments />
    </div>
  )
}

/** The organization's legal documents (custom content, SPEC §3), at the foot of its page. */
function LegalDocuments() {
  const documents = settings.customContent['organization:legal_documents']
  if (documents.length === 0) return null
  return (
    <nav aria-label="Legal documents" className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'xs', color: 'fg.muted', mt: 'auto', pt: '4' })}>
      {documents.map((document) => (
        <ExternalLink key={document.url} href={document.url} variant="quiet">
          {document.name}
        </ExternalLink>
      ))}
    </nav>
  )
}
