import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { queryKeys } from '../../api/queries/keys'
import { organizationsQuery } from '../../api/queries/organizations'
import { transferProject } from '../../api/queries/projects'
import type { ProjectDetail } from '../../api/schemas'
import { PERMISSION_RESOURCES, PLAN_NAMES, PROJECT_SETTINGS_MESSAGE } from '../../constants'
import { PermissionAction } from '../../lib/permissions'
import { ConfirmDialog } from '../../ui/dialog'
import { FormProblem } from '../../ui/field'
import { SettingsSection } from '../../ui/form-section'
import { SelectField } from '../../ui/form-controls'
import { GuardedButton } from '../../ui/guarded-button'
import { showToast } from '../../ui/toast'
import { useProjectPermission } from './use-project-permission'

/**
 * Moving the project to another of the member's organizations. The server decides (the member may
 * create projects there; a Free plan with its active projects has no room for a running one) and
 * says why not; the choice stays until it is moved.
 */
export function TransferSection({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient()
  const organizations = useQuery(organizationsQuery())
  const others = (organizations.data ?? []).filter((organization) => organization.id !== project.organization_id)
  const [target, setTarget] = useState('')
  const [confirming, setConfirming] = useState(false)
  const permission = useProjectPermission(project.ref, PermissionAction.DELETE, PERMISSION_RESOURCES.projects, PROJECT_SETTINGS_MESSAGE.transferDenied)
  const chosen = others.find((organization) => organization.slug === target)
  const transfer = useMutation({
    mutationFn: (slug: string) => transferProject(project.ref, slug),
    onSuccess: (moved) => {
      queryClient.setQueryData(queryKeys.projectDetail(project.ref), moved)
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations() })
      showToast('success', PROJECT_SETTINGS_MESSAGE.transferred(moved.name, chosen?.name ?? target))
      setTarget('')
    },
  })
  return (
    <SettingsSection title="Transfer project" description="Moves the project, with its database and data as they are, to another of your organizations: its members, plan and billing apply from then on.">
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3', maxW: 'md' })}>
        <SelectField label="To the organization" value={target} onChange={setTarget} disabled={!permission.allowed || others.length === 0}>
          <option value="">{others.length === 0 ? 'You have no other organization' : 'Choose an organization'}</option>
          {others.map((organization) => (
            <option key={organization.slug} value={organization.slug}>
              {organization.name} ({PLAN_NAMES[organization.plan.id]} plan)
            </option>
          ))}
        </SelectField>
        <FormProblem>{transfer.isError ? transfer.error.message : null}</FormProblem>
        <div>
          <GuardedButton blockedReason={permission.reason} disabled={!permission.allowed || !chosen} loading={transfer.isPending} onClick={() => setConfirming(true)}>
            Transfer project
          </GuardedButton>
        </div>
      </div>
      <ConfirmDialog
        open={confirming && Boolean(chosen)}
        tone="primary"
        title={PROJECT_SETTINGS_MESSAGE.transferConfirmTitle(project.name, chosen?.name ?? '')}
        confirmLabel="Transfer project"
        onConfirm={() => {
          setConfirming(false)
          if (chosen) transfer.mutate(chosen.slug)
        }}
        onDismiss={() => setConfirming(false)}
      >
        {PROJECT_SETTINGS_MESSAGE.transferConfirmBody}
      </ConfirmDialog>
    </SettingsSection>
  )
}
