import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link, useParams } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { COMPUTE_SIZES } from '../../constants'
import { projectGateDecision } from '../../lib/project-gate'
import { Badge } from '../../ui/badge'
import { ErrorState } from '../../ui/states'
import { pageClass } from '../../ui/page-layout'
import { QueryLoadingState } from '../retries'
import { useFeatureEnabled } from '../permissions'
import { AdvisorSummary } from '../advisors'
import { ProjectStatePanel, useProjectOrganization } from '../project-shell'
import { ClientLibraries } from './ClientLibraries'
import { ConnectionDetails } from './ConnectionDetails'
import { homeCardClass } from './home-card'
import { ProjectApiSection } from './ProjectApiSection'
import { readProjectHistory, sqlEditorPath, tableEditorPath } from './dashboard-history'
import { ProjectPauseSection } from './ProjectPauseSection'
import { cloudProviderLabel, regionLabel, STATUS_PRESENTATION } from './project-labels'

const termClass = css({ color: 'fg.muted', fontSize: 'xs' })

/**
 * /project/{ref}: what the project is and how to reach its database. The shell's status machine
 * keeps the cached detail fresh while the project changes; this view reads the cache.
 */
export default function ProjectHomePage() {
  const { ref } = useParams<{ ref: string }>()
  const project = useQuery(projectDetailQuery(ref))
  const organization = useProjectOrganization(ref)
  const showConnectionString = useFeatureEnabled('project_homepage:show_connection_string')
  if (project.isPending) return <QueryLoadingState label="Loading project…" queryKey={projectDetailQuery(ref).queryKey} />
  if (project.isError) {
    return (
      <div className={pageClass}>
        <ErrorState title="Failed to load the project" message={project.error.message} onRetry={() => void project.refetch()} />
      </div>
    )
  }
  const p = project.data
  const status = STATUS_PRESENTATION[p.status]
  const gate = projectGateDecision(p)
  return (
    <div className={pageClass}>
      {organization ? (
        <nav aria-label="Breadcrumb" className={css({ fontSize: 'sm', color: 'fg.muted', mb: '-4' })}>
          <Link href={`/org/${organization.slug}`}>{organization.name}</Link> / {p.name}
        </nav>
      ) : null}
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{p.name}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
        {p.isOrioleDb ? <Badge tone="info">OrioleDB</Badge> : null}
        <span className={css({ flex: '1' })} />
        {gate.kind === 'open' || gate.canContinue ? (
          <>
            <Link href={tableEditorPath(p.ref, readProjectHistory(p.ref))} className={button({ variant: 'default' })}>
              Table editor
            </Link>
            <Link href={sqlEditorPath(p.ref, readProjectHistory(p.ref))} className={button({ variant: 'primary' })}>
              SQL editor
            </Link>
          </>
        ) : null}
      </header>
      <dl className={cx(homeCardClass, css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }))}>
        <div>
          <dt className={termClass}>Project ref</dt>
          <dd className={css({ fontFamily: 'mono' })}>{p.ref}</dd>
        </div>
        <div>
          <dt className={termClass}>Region</dt>
          <dd>{regionLabel(p.region)}</dd>
        </div>
        <div>
          <dt className={termClass}>Cloud provider</dt>
          <dd>{cloudProviderLabel(p.cloud_provider)}</dd>
        </div>
        <div>
          <dt className={termClass}>Compute size</dt>
          <dd>{COMPUTE_SIZES.find((c) => c.id === p.infra_compute_size)?.label ?? p.infra_compute_size ?? 'Unknown'}</dd>
        </div>
        <div>
          <dt className={termClass}>Database version</dt>
          <dd>{p.dbVersion ?? 'Unknown'}</dd>
        </div>
      </dl>
      {gate.kind === 'open' ? null : <ProjectStatePanel projectRef={p.ref} decision={gate} withStatus={false} />}
      {gate.kind === 'open' ? <AdvisorSummary projectRef={p.ref} /> : null}
      {showConnectionString ? <ConnectionDetails projectRef={p.ref} ready={Boolean(p.connectionString)} /> : null}
      <ProjectApiSection projectRef={p.ref} ready={Boolean(p.connectionString)} />
      <ClientLibraries />
      <ProjectPauseSection project={p} organization={organization} />
    </div>
  )
}
