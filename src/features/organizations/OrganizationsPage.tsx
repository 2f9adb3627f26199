import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link } from 'wouter'
import { organizationsQuery } from '../../api/queries/organizations'
import { NEW_ORGANIZATION_MESSAGE, NEW_ORGANIZATION_PATH } from '../../constants'
import { Badge } from '../../ui/badge'
import { cardLinkClass } from '../../ui/card'
import { pageClass } from '../../ui/page-layout'
import { EmptyState, QueryStates } from '../../ui/states'
import { QueryLoadingState } from '../retries'

/** /organizations: every organization of the user, sorted by name (the default return path). */
export default function OrganizationsPage() {
  const organizations = useQuery(organizationsQuery())
  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: '4' })}>
        <div>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Your organizations</h1>
          <p className={css({ color: 'fg.muted' })}>Pick an organization to see its projects.</p>
        </div>
        {/* With none yet, the empty list offers it instead. */}
        {organizations.data?.length === 0 ? null : (
          <Link href={NEW_ORGANIZATION_PATH} className={button({ variant: 'default' })}>
            {NEW_ORGANIZATION_MESSAGE.newOrganization}
          </Link>
        )}
      </header>
      <QueryStates query={organizations} loading={<QueryLoadingState label="Loading organizations…" queryKey={organizationsQuery().queryKey} />} failed="Failed to load organizations">
        {(data) => data.length === 0 ? (
          <EmptyState title="No organizations yet">
            <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
              <p>{NEW_ORGANIZATION_MESSAGE.noOrganizations}</p>
              <Link href={NEW_ORGANIZATION_PATH} className={button({ variant: 'primary' })}>
                {NEW_ORGANIZATION_MESSAGE.newOrganization}
              </Link>
            </div>
          </EmptyState>
        ) : (
          <ul aria-label="Organizations" className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '3' })}>
            {data.map((org) => (
              <li key={org.slug}>
                <Link
                  href={`/org/${org.slug}`}
                  className={cardLinkClass}
                >
                  <span className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
                    <strong>{org.name}</strong>
                    <Badge tone={org.plan.id === 'free' ? 'neutral' : 'success'}>{org.plan.name} plan</Badge>
                  </span>
                  <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                    {org.project_count === undefined ? '' : `${org.project_count} ${org.project_count === 1 ? 'project' : 'projects'}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  )
}
