import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import type { Organization, ProjectDetail } from '../../api/schemas'
import { PERMISSION_RESOURCES, PROJECT_PAUSE_MESSAGE, PROJECT_TRANSITION_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { ConfirmDialog } from '../../ui/dialog'
import { GuardedButton } from '../../ui/guarded-button'
import { usePermission } from '../permissions'
import { useProjectStatusActor } from '../project-shell'
import { isActiveProjectStatus } from '../../lib/project-gate'
import { homeCardClass } from './home-card'

/** The project home's pause: a Free plan project that runs can be paused, after a confirmation. */
export function ProjectPauseSection({ project, organization }: { project: ProjectDetail; organization: Organization | undefined }) {
  const actor = useProjectStatusActor()
  const pausing = useSelector(actor, (s) => s.matches('pausing'))
  const actionError = useSelector(actor, (s) => s.context.actionError)
  const [confirming, setConfirming] = useState(false)
  const permission = usePermission(
    PermissionAction.INFRA_EXECUTE,
    PERMISSION_RESOURCES.pauseProject,
    organization ? { organizationSlug: organization.slug, projectRef: project.ref } : undefined,
    PROJECT_PAUSE_MESSAGE.denied,
  )
  if (!isActiveProjectStatus(project.status)) return null
  const blockedReason = permission.reason ?? (organization && organization.plan.id !== 'free' ? PROJECT_TRANSITION_MESSAGE.pausePaidPlan : null)
  return (
    <section aria-labelledby="pause-project-title" className={cx(homeCardClass, css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }))}>
      <div className={css({ flex: '1', minW: '60' })}>
        <h2 id="pause-project-title" className={css({ fontWeight: 'semibold' })}>
          Pause project
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Stops the database until you restore it. Data and settings are kept.</p>
        {actionError ? (
          <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', mt: '1' })}>
            {actionError}
          </p>
        ) : null}
      </div>
      <GuardedButton blockedReason={blockedReason} disabled={!permission.allowed || !organization} loading={pausing} onClick={() => setConfirming(true)}>
        {pausing ? 'Pausing…' : 'Pause project'}
      </GuardedButton>
      <ConfirmDialog
        open={confirming}
        title={PROJECT_PAUSE_MESSAGE.confirmTitle(project.name)}
        confirmLabel="Pause project"
        onConfirm={() => {
          setConfirming(false)
          actor.send({ type: 'pause' })
        }}
        onDismiss={() => setConfirming(false)}
      >
        {PROJECT_PAUSE_MESSAGE.confirmBody}
      </ConfirmDialog>
    </section>
  )
}
