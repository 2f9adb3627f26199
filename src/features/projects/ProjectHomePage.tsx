import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { projectStatusMachine } from '../../../machines/project-status.machine'
import { css } from 'styled-system/css'
import { Link, useLocation, useParams } from 'wouter'
import { useEffect } from 'react'
import { COMPUTE_SIZES, NOT_FOUND_MESSAGE } from '../../constants'
import { organizationsQuery } from '../../api/queries/organizations'
import { notFoundRedirectPath } from '../../lib/not-found-redirect'
import { showToast } from '../../ui/toast'
import { readLastVisitedOrganization, useMfaRedirect } from '../organizations'
import { useFeatureEnabled } from '../permissions'
import { projectDetailQuery } from '../../api/queries/projects'
import { fetchForActor } from '../../api/query-client'
import { isApiError } from '../../api/errors'
import { Badge } from '../../ui/badge'
import { ErrorState, LoadingState } from '../../ui/states'
import { pageClass } from '../../ui/page-layout'
import { ConnectionDetails } from './ConnectionDetails'
import { readProjectHistory, sqlEditorPath, tableEditorPath } from './dashboard-history'
import { cloudProviderLabel, regionLabel, STATUS_PRESENTATION } from './project-labels'
import { button } from 'styled-system/recipes'
import { inspected } from '../../lib/inspection'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'

const termClass = css({ color: 'fg.muted', fontSize: 'xs' })

/** /project/{ref}: what the project is and how to reach its database. */
export default function ProjectHomePage() {
  const { ref } = useParams<{ ref: string }>()
  const queryClient = useQueryClient()
  // The machine keeps the cached detail fresh while the project comes up; the view reads the cache.
  const statusActor = useActorRef(
    projectStatusMachine.provide({
      actors: { fetchDetail: fromPromiseUntilStopped(({ input, signal }) => fetchForActor(queryClient, { ...projectDetailQuery(input.ref), staleTime: 0 }, signal)) },
    }),
    { input: { ref }, ...inspected },
  )
  const polling = useSelector(statusActor, (snapshot) => snapshot.matches('waiting'))
  const project = useQuery(projectDetailQuery(ref))
  const organizations = useQuery(organizationsQuery())
  const organization = organizations.data?.find((o) => o.id === project.data?.organization_id)
  const mfaBlocked = useMfaRedirect(organization)
  const showConnectionString = useFeatureEnabled('project_homepage:show_connection_string')
  const [, navigate] = useLocation()
  const missing = project.isError && isApiError(project.error) && project.error.code === 404
  useEffect(() => {
    if (!missing) return
    statusActor.stop()
    showToast('error', NOT_FOUND_MESSAGE.project, undefined, { id: `project-not-found:${ref}` })
    navigate(notFoundRedirectPath('project', ref, readLastVisitedOrganization()), { replace: true })
  }, [missing, ref, navigate, statusActor])
  if (project.isPending || mfaBlocked) return <LoadingState label="Loading project…" />
  if (project.isError) {
    return (
      <div className={pageClass}>
        <ErrorState title="Failed to load the project" message={project.error.message} onRetry={() => void project.refetch()} />
      </div>
    )
  }
  const p = project.data
  const status = STATUS_PRESENTATION[p.status]
  return (
    <div className={pageClass}>
      {organization ? (
        <nav aria-label="Breadcrumb" className={css({ fontSize: 'sm', color: 'fg.muted', mb: '-4' })}>
          <Link href={`/org/${organization.slug}`}>{organization.name}</Link> / {p.name}
        </nav>
      ) : null}
      <header className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{p.name}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
        {p.isOrioleDb ? <Badge tone="info">OrioleDB</Badge> : null}
        {polling ? <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>Checking status every 5 seconds…</span> : null}
        <span className={css({ flex: '1' })} />
        {p.connectionString ? (
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
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: '4',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          p: '5',
        })}
      >
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
      {showConnectionString ? <ConnectionDetails projectRef={p.ref} ready={Boolean(p.connectionString)} /> : null}
    </div>
  )
}
