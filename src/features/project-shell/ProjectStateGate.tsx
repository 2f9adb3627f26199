import { useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { CirclePause, LoaderCircle, TriangleAlert } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Link } from 'wouter'
import { projectDetailQuery } from '../../api/queries/projects'
import { PERMISSION_RESOURCES, PROJECT_PAUSE_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { projectGateDecision, type ProjectGateDecision } from '../../lib/project-gate'
import { projectSupportPath } from '../../lib/support-ticket'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { GuardedButton } from '../../ui/guarded-button'
import { ErrorState } from '../../ui/states'
import { QueryLoadingState } from '../retries'
import { usePermission } from '../permissions'
import { STATUS_PRESENTATION } from '../projects'
import { useProjectOrganization, useProjectStatusActor } from './project-status'

/**
 * The project-state gate: in front of every screen that needs the project's database. The screen
 * opens only while the project can answer; otherwise the gate says why and what can be done, and a
 * project in transition opens the screen by itself when the status machine sees it healthy.
 */
export function ProjectStateGate({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const project = useQuery(projectDetailQuery(projectRef))
  // Continuing into an unhealthy project is a choice for this visit of the screen only.
  const [continued, setContinued] = useState(false)
  if (project.isPending) return <QueryLoadingState label="Loading project…" queryKey={projectDetailQuery(projectRef).queryKey} />
  if (project.isError) {
    return (
      <div className={css({ p: '6' })}>
        <ErrorState title="Failed to load the project" message={project.error.message} onRetry={() => void project.refetch()} />
      </div>
    )
  }
  const decision = projectGateDecision(project.data)
  if (decision.kind === 'open' || (continued && decision.canContinue)) return <>{children}</>
  return (
    <div className={css({ p: { base: '4', md: '10' }, display: 'flex', justifyContent: 'center' })}>
      <ProjectStatePanel projectRef={projectRef} projectName={project.data.name} decision={decision} onContinue={() => setContinued(true)} />
    </div>
  )
}

type ClosedDecision = Exclude<ProjectGateDecision, { kind: 'open' }>

/**
 * Why a project's database cannot be used now, and the way forward (the gate, and the project home).
 * `withStatus`: the status badge, left out where the page shows it already (the project home).
 * `projectName`: which project this is, for the gate (the project home has it as its heading).
 */
export function ProjectStatePanel({
  projectRef,
  projectName,
  decision,
  onContinue,
  withStatus = true,
}: {
  projectRef: string
  projectName?: string
  decision: ClosedDecision
  onContinue?: () => void
  withStatus?: boolean
}) {
  const Icon = decision.kind === 'paused' ? CirclePause : decision.kind === 'waiting' ? LoaderCircle : TriangleAlert
  const status = STATUS_PRESENTATION[decision.status]
  return (
    <section
      aria-labelledby="project-state-title"
      data-project-state={decision.kind}
      className={css({
        w: 'full',
        maxW: '2xl',
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: decision.kind === 'unavailable' ? 'danger.default' : 'border.default',
        borderRadius: 'lg',
        p: '6',
        display: 'flex',
        gap: '4',
      })}
    >
      <Icon
        aria-hidden
        size={28}
        className={css({
          flexShrink: 0,
          color: decision.kind === 'unavailable' ? 'danger.default' : 'fg.muted',
          animation: decision.kind === 'waiting' ? 'spin 1.5s linear infinite' : undefined,
        })}
      />
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
        {projectName ? <p className={css({ color: 'fg.muted', fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere', mb: '-2' })}>{projectName}</p> : null}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <h2 id="project-state-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {decision.title}
          </h2>
          {withStatus ? <Badge tone={status.tone}>{status.label}</Badge> : null}
        </div>
        <p className={css({ color: 'fg.muted' })}>{decision.message}</p>
        {decision.polls ? (
          <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Checking status every 5 seconds…
          </p>
        ) : null}
        <ProjectStateActions projectRef={projectRef} decision={decision} onContinue={onContinue} />
      </div>
    </section>
  )
}

function ProjectStateActions({ projectRef, decision, onContinue }: { projectRef: string; decision: ClosedDecision; onContinue?: () => void }) {
  const organization = useProjectOrganization(projectRef)
  return (
    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
      {decision.canRestore ? <RestoreButton projectRef={projectRef} organizationSlug={organization?.slug} /> : null}
      {decision.canContinue && onContinue ? (
        <Button variant="default" onClick={onContinue}>
          Continue anyway
        </Button>
      ) : null}
      {decision.offersSupport ? (
        <Link
          href={projectSupportPath({
            category: 'Database_unresponsive',
            projectRef,
            organizationSlug: organization?.slug,
            subject: `${decision.title} (${projectRef})`,
          })}
          className={button({ variant: decision.canContinue ? 'ghost' : 'primary' })}
        >
          Contact support
        </Link>
      ) : null}
      {decision.status === 'REMOVED' && organization ? (
        <Link href={`/org/${organization.slug}`} className={button({ variant: 'ghost' })}>
          Back to {organization.name}
        </Link>
      ) : null}
    </div>
  )
}

/** Restore a paused project: RESTORING, then healthy over a few polls; the gate opens by itself. */
export function RestoreButton({ projectRef, organizationSlug }: { projectRef: string; organizationSlug: string | undefined }) {
  const actor = useProjectStatusActor()
  const restoring = useSelector(actor, (s) => s.matches('restoring'))
  const actionError = useSelector(actor, (s) => s.context.actionError)
  const permission = usePermission(
    PermissionAction.INFRA_EXECUTE,
    PERMISSION_RESOURCES.restoreProject,
    organizationSlug ? { organizationSlug, projectRef } : undefined,
    PROJECT_PAUSE_MESSAGE.restoreDenied,
  )
  return (
    <>
      <GuardedButton
        variant="primary"
        blockedReason={permission.reason}
        disabled={!permission.allowed}
        loading={restoring}
        onClick={() => actor.send({ type: 'restore' })}
      >
        {restoring ? 'Restoring…' : 'Restore project'}
      </GuardedButton>
      {actionError ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', flexBasis: 'full' })}>
          {actionError}
        </p>
      ) : null}
    </>
  )
}
